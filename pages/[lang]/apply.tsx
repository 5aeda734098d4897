import { LiquidApplyView } from '@/components/liquid/LiquidApplyView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/apply', LiquidApplyView);
export const getServerSideProps = pageProps(['liquid', 'designer-profile', 'flow']);
