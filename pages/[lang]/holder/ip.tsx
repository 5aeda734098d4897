import { IpListView } from '@/components/holder-ip/IpListView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/ip', IpListView);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
