import { LicenseView } from '@/components/license/designer/LicenseView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/license', LicenseView);
export const getServerSideProps = pageProps(['designer', 'flow', 'approval', 'licensee']);
