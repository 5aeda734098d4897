import { withPage } from '@/components/kit/shell/withPage';
import { PublicFilesView } from '@/components/storage/PublicFilesView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/storage/public', PublicFilesView);
export const getServerSideProps = pageProps(['storage-admin']);
