import { DesignerProfileView } from '@/components/designer-profile/DesignerProfileView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/profile', DesignerProfileView);
export const getServerSideProps = pageProps(['designer-profile', 'designer-ip', 'flow']);
