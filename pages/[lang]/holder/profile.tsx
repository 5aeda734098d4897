import { HolderProfileView } from '@/components/holder-admin/HolderProfileView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/profile', HolderProfileView);
export const getServerSideProps = pageProps(['holder-admin', 'flow']);
