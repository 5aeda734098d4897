import { MyIpListView } from '@/components/ip/designer/MyIpListView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/iplist', MyIpListView);
export const getServerSideProps = pageProps(['designer-ip', 'holder-ip', 'approval', 'flow']);
