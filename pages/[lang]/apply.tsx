import { LiquidApplyView } from '@/components/designer-profile/LiquidApplyView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/apply', LiquidApplyView);
export const getServerSideProps = pageProps(['liquid', 'designer-profile', 'flow']);
