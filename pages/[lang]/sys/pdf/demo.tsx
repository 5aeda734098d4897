import { PdfDemoView } from '@/components/contracts/PdfDemoView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/pdf/demo', PdfDemoView);
export const getServerSideProps = pageProps(['contract']);
