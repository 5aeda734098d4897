import { StaffView } from '@/components/licensee/MembersView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/staff', StaffView);
export const getServerSideProps = pageProps(['licensee', 'invite']);
