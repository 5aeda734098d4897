import { OrgProfileView } from '@/components/licensees/OrgProfileView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/admin/profile', OrgProfileView);
export const getServerSideProps = pageProps(['licensee']);
