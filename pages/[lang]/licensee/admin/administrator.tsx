import { AdministratorsView } from '@/components/licensees/MembersView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/administrator', AdministratorsView);
export const getServerSideProps = pageProps(['licensee']);
