import { withPage, type ScreenViewProps } from '@/components/kit/shell/withPage';
import { ApiViewer } from '@/components/docs/ApiViewer';
import { pageProps } from '@/lib/page/server-props';

function Redoc(props: ScreenViewProps) {
  return <ApiViewer {...props} kind="redoc" />;
}

export default withPage('/sys/redoc', Redoc);
export const getServerSideProps = pageProps();
