import { withPage } from '@/components/kit/shell/withPage';
import { DesignerListView } from '@/components/system/data/DesignerListView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/list', DesignerListView);
export const getServerSideProps = pageProps(['maintenance']);
