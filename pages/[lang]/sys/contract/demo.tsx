import { ContractDemoView } from '@/components/contracts/ContractDemoView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/contract/demo', ContractDemoView);
export const getServerSideProps = pageProps(['contract']);
