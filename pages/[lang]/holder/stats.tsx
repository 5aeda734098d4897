import { withPage } from '@/components/kit/shell/withPage';
import { StatsView } from '@/components/stats/StatsView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/stats', StatsView);
export const getServerSideProps = pageProps(['stats', 'flow']);
