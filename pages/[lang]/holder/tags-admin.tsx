import { TagsAdminView } from '@/components/tags/TagsAdminView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/tags-admin', TagsAdminView);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
