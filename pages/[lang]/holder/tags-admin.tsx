import { TagsAdminView } from '@/components/holder-ip/TagsAdminView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/tags-admin', TagsAdminView);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
