import { ProfileView } from '@/components/profile/ProfileView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/profile', ProfileView);
export const getServerSideProps = pageProps(['profile']);
