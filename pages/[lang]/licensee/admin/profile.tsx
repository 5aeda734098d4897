import { OrgProfileView } from '@/components/licensee/OrgProfileView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/profile', OrgProfileView);
export const getServerSideProps = pageProps(['licensee']);
