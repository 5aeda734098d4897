import { LicenseeInvoiceView } from '@/components/invoice/LicenseeInvoiceView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/invoice', LicenseeInvoiceView);
export const getServerSideProps = pageProps(['invoice', 'flow']);
