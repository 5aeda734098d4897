import { WebhooksView } from '@/components/system/webhooks/WebhooksView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/webhooks', WebhooksView);
export const getServerSideProps = pageProps(['webhooks', 'flow']);
