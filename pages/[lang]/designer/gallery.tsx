import { PrimaryGalleryView } from '@/components/designer/PrimaryGalleryView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/gallery', PrimaryGalleryView);
export const getServerSideProps = pageProps(['designer', 'flow']);
