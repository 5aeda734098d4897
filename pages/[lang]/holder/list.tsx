import { HolderListView } from '@/components/holder-admin/HolderListView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/list', HolderListView);
export const getServerSideProps = pageProps(['holder-admin']);
