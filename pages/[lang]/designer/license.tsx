import { LicenseView } from '@/components/designer/LicenseView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/license', LicenseView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval', 'licensee']);
