import { PrimaryIpForm } from '@/components/ip/holder/PrimaryIpForm';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/primary', PrimaryIpForm);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
