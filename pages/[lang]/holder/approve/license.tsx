import { LicenseApprovalView } from '@/components/approval/ApprovalQueueView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/license', LicenseApprovalView);
export const getServerSideProps = pageProps(['approval', 'flow']);
