import { LicenseeIpView } from '@/components/licensee-ip/LicenseeIpView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/ip', LicenseeIpView);
export const getServerSideProps = pageProps(['licensee-ip']);
