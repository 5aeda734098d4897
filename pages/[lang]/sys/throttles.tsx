import { ThrottlesView } from '@/components/system/ThrottlesView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/sys/throttles', ThrottlesView);
export const getServerSideProps = pageProps(['throttles']);
