import { HomeView, homeReads } from '@/components/home/HomeView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/', HomeView);
export const getServerSideProps = pageProps(['home', 'flow'], { reads: homeReads });
