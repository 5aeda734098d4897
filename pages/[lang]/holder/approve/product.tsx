import { ProductApprovalView } from '@/components/approval/ApprovalQueueView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/product', ProductApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow']);
