import { LicenseListView } from '@/components/license/licensee/LicenseListView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/list', LicenseListView);
export const getServerSideProps = pageProps(['licensee', 'flow', 'approval', 'contract']);
