import { ProfileView } from '@/components/users/ProfileView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/profile', ProfileView);
export const getServerSideProps = pageProps(['profile']);
