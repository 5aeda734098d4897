import { DesignerProfileView } from '@/components/designers/DesignerProfileView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/profile', DesignerProfileView);
export const getServerSideProps = pageProps(['designer-profile', 'designer-ip', 'flow']);
