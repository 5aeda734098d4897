import { AclView } from '@/components/system/acl/AclView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/acl', AclView);
export const getServerSideProps = pageProps(['acl']);
