import { GalleryView } from '@/components/licensee/GalleryView';
import { withPage } from '@/components/page/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/gallery', GalleryView);
export const getServerSideProps = pageProps(['licensee', 'flow']);
