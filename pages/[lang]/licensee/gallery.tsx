import { GalleryView } from '@/components/ip/licensee/GalleryView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/licensee/gallery', GalleryView);
export const getServerSideProps = pageProps(['licensee', 'flow']);
