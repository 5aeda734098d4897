import { StaffView } from '@/components/licensees/MembersView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/staff', StaffView);
export const getServerSideProps = pageProps(['licensee', 'invite']);
