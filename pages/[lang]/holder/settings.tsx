import { HolderSettingsView } from '@/components/holder/HolderSettingsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/settings', HolderSettingsView);
export const getServerSideProps = pageProps(['holder-admin']);
