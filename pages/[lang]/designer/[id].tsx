import { DesignerView } from '@/components/designers/DesignerView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/[id]', DesignerView);
export const getServerSideProps = pageProps(['designer-profile', 'flow']);
