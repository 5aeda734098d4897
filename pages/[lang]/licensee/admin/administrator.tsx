import { AdministratorsView } from '@/components/licensee/MembersView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/administrator', AdministratorsView);
export const getServerSideProps = pageProps(['licensee']);
