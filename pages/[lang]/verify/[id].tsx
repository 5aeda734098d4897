import { VerifyView } from '@/components/credentials/VerifyView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/verify/[id]', VerifyView);
export const getServerSideProps = pageProps(['wallet']);
