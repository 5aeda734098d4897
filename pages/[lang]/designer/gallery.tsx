import { PrimaryGalleryView, primaryGalleryReads } from '@/components/ip/gallery/PrimaryGalleryView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/gallery', PrimaryGalleryView);
export const getServerSideProps = pageProps(['designer', 'flow'], { reads: primaryGalleryReads });
