import { HolderProfileView } from '@/components/holder/HolderProfileView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/profile', HolderProfileView);
export const getServerSideProps = pageProps(['holder-admin', 'flow']);
