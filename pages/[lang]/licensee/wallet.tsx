import { ComingSoon } from '@/components/page/ComingSoon';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/wallet', ComingSoon);
export const getServerSideProps = pageProps();
