import { withPage } from '@/components/kit/shell/withPage';
import { LicenseeSalesView } from '@/components/sales/licensee/LicenseeSalesView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/sales', LicenseeSalesView);
export const getServerSideProps = pageProps(['sales', 'flow']);
