import { withPage } from '@/components/kit/shell/withPage';
import { LicenseesView } from '@/components/system/data/LicenseesView';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/licensees', LicenseesView);
export const getServerSideProps = pageProps(['maintenance', 'flow']);
