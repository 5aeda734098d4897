import { LicenseListView } from '@/components/licensee/LicenseListView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/list', LicenseListView);
export const getServerSideProps = pageProps(['licensee', 'flow', 'approval', 'contract']);
