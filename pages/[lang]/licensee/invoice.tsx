import { LicenseeInvoiceView } from '@/components/invoices/licensee/LicenseeInvoiceView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/invoice', LicenseeInvoiceView);
export const getServerSideProps = pageProps(['invoice', 'flow']);
