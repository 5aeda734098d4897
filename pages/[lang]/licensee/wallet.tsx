import { WalletView } from '@/components/credentials/WalletView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/wallet', WalletView);
export const getServerSideProps = pageProps(['wallet']);
