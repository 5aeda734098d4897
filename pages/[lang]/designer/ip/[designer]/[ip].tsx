import { IpPageView } from '@/components/ip/public/IpPageView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/ip/[designer]/[ip]', IpPageView);
export const getServerSideProps = pageProps(['ip-page', 'holder-ip', 'approval', 'flow', 'chain']);
