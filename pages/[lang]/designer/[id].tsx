import { DesignerView } from '@/components/designer-profile/DesignerView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/[id]', DesignerView);
export const getServerSideProps = pageProps(['designer-profile', 'flow']);
