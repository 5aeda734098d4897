import { PrimaryIpForm } from '@/components/holder-ip/PrimaryIpForm';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/primary', PrimaryIpForm);
export const getServerSideProps = pageProps(['holder-ip', 'flow']);
