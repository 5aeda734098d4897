import { SchemaView } from '@/components/credentials/SchemaView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/schema', SchemaView);
export const getServerSideProps = pageProps(['schema']);
