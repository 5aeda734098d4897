import { HolderInvoiceView } from '@/components/holder-admin/HolderInvoiceView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/holder/invoice', HolderInvoiceView);
export const getServerSideProps = pageProps(['holder-admin', 'invoice', 'approval', 'flow']);
