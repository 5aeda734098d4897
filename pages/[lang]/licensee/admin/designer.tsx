import { DesignerMembersView } from '@/components/licensee/MembersView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/designer', DesignerMembersView);
export const getServerSideProps = pageProps(['licensee', 'invite']);
