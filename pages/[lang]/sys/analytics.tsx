import { AnalyticsView } from '@/components/system/AnalyticsView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/analytics', AnalyticsView);
export const getServerSideProps = pageProps(['analytics']);
