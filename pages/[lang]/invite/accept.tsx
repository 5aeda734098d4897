import { AcceptInviteView } from '@/components/invite/AcceptInviteView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/invite/accept', AcceptInviteView);
export const getServerSideProps = pageProps(['invite']);
