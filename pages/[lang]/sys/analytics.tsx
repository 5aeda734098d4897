import { AnalyticsView } from '@/components/system/AnalyticsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/analytics', AnalyticsView);
export const getServerSideProps = pageProps(['analytics']);
