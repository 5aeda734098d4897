import { HolderInvoiceView } from '@/components/invoices/holder/HolderInvoiceView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/invoice', HolderInvoiceView);
export const getServerSideProps = pageProps(['holder-admin', 'invoice', 'approval', 'flow']);
