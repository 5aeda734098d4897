import { MyIpListView } from '@/components/ip/designer/MyIpListView';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';
import { firstQuery, type FirstReads } from '@/lib/page/first-reads';

/**
 * What the list reads first (bodies as MyIpListView and useTags send them without a search or tag
 * filter): the designer heading and the rows paint from the server once the view reads its rows
 * as "no answer yet" rather than SWR's isLoading; a body that no longer matches is only a miss.
 */
const reads: FirstReads = (session) => [
  firstQuery('Designer', { filter: { owner: session.user.sub }, limit: 1 }),
  firstQuery('Tag', { sort: { dateCreated: 1 }, limit: 500 }),
  firstQuery('IP', { filter: { kind: 'secondary', owner: session.user.sub }, sort: { dateUpdated: -1 }, limit: 200 }),
];

export default withPage('/designer/iplist', MyIpListView);
export const getServerSideProps = pageProps(['designer-ip', 'holder-ip', 'approval', 'flow'], { reads });
