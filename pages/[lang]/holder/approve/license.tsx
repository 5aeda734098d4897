import { LicenseApprovalWithContracts } from '@/components/contracts/LicenseApprovalWithContracts';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/approve/license', LicenseApprovalWithContracts);
export const getServerSideProps = pageProps(['approval', 'flow', 'contract']);
