import { SecondaryGalleryView } from '@/components/designer/SecondaryGalleryView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/gallery2', SecondaryGalleryView);
export const getServerSideProps = pageProps(['designer', 'flow']);
