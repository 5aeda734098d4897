import { ServiceAccountsView } from '@/components/system/service-accounts/ServiceAccountsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/service-accounts', ServiceAccountsView);
export const getServerSideProps = pageProps(['service-accounts', 'acl']);
