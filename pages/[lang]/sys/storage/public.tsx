import { withPage } from '@/components/page/withPage';
import { PublicFilesView } from '@/components/storage-admin/PublicFilesView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/storage/public', PublicFilesView);
export const getServerSideProps = pageProps(['storage-admin']);
