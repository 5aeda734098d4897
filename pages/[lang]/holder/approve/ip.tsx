import { IpApprovalView } from '@/components/approval/ApprovalQueueView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/ip', IpApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow']);
