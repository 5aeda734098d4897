import { MyInvitationsView } from '@/components/invite/MyInvitationsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/invite', MyInvitationsView);
export const getServerSideProps = pageProps(['invite']);
