import { LicenseeIpView } from '@/components/ip/licensee/LicenseeIpView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/ip', LicenseeIpView);
export const getServerSideProps = pageProps(['licensee-ip']);
