import { JobsView } from '@/components/system/JobsView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/jobs', JobsView);
export const getServerSideProps = pageProps(['jobs']);
