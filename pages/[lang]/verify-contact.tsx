import { VerifyContactView } from '@/components/liquid/VerifyContactView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/verify-contact', VerifyContactView);
export const getServerSideProps = pageProps(['designer-profile']);
