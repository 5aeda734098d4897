import { SecondaryGalleryView } from '@/components/ip/gallery/SecondaryGalleryView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';

export default withPage('/designer/gallery2', SecondaryGalleryView);
export const getServerSideProps = pageProps(['designer', 'flow']);
