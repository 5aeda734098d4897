import { ProductApprovalView } from '@/components/flow/approval/ApprovalQueueView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/product', ProductApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow']);
