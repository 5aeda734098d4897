import { HolderIpApprovalView } from '@/components/flow/approval/HolderIpApprovalView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/ip', HolderIpApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow', 'designer']);
