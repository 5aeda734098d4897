import { withPage, type ScreenViewProps } from '@/components/page/withPage';
import { ApiViewer } from '@/components/sys/ApiViewer';
import { pageProps } from '@/lib/page/server-props';

function Redoc(props: ScreenViewProps) {
  return <ApiViewer {...props} kind="redoc" />;
}

export default withPage('/sys/redoc', Redoc);
export const getServerSideProps = pageProps();
