import { HolderIpApprovalView } from '@/components/designer/HolderIpApprovalView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/ip', HolderIpApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow', 'designer']);
