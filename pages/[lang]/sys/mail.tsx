import { MailOutboxView } from '@/components/system/MailOutboxView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/mail', MailOutboxView);
export const getServerSideProps = pageProps(['mail']);
