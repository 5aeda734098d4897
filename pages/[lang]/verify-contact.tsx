import { VerifyContactView } from '@/components/designer-profile/VerifyContactView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/verify-contact', VerifyContactView);
export const getServerSideProps = pageProps(['designer-profile']);
