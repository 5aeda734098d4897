import { withPage, type ScreenViewProps } from '@/components/kit/shell/withPage';
import { ApiViewer } from '@/components/docs/ApiViewer';
import { pageProps } from '@/lib/page/server-props';

function Swagger(props: ScreenViewProps) {
  return <ApiViewer {...props} kind="swagger" />;
}

export default withPage('/sys/swagger', Swagger);
export const getServerSideProps = pageProps();
