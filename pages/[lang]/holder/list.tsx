import { HolderListView } from '@/components/holder/HolderListView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/list', HolderListView);
export const getServerSideProps = pageProps(['holder-admin']);
