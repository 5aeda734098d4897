import { MyIpListView } from '@/components/designer-ip/MyIpListView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/iplist', MyIpListView);
export const getServerSideProps = pageProps(['designer-ip', 'holder-ip', 'approval', 'flow']);
