import { withPage } from '@/components/page/withPage';
import { LicenseeSalesView } from '@/components/sales/LicenseeSalesView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/sales', LicenseeSalesView);
export const getServerSideProps = pageProps(['sales', 'flow']);
