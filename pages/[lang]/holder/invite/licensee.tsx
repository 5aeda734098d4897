import { InviteLicenseeView } from '@/components/invite/InviteLicenseeView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/invite/licensee', InviteLicenseeView);
export const getServerSideProps = pageProps(['invite']);
