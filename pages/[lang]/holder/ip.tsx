import { IpListView } from '@/components/ip/holder/IpListView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/ip', IpListView);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
