import { MyIpListView, myIpsQuery } from '@/components/ip/designer/MyIpListView';
import { myIpDecisionsRead, parentNamesQuery } from '@/components/ip/designer/my-ip-reads';
import { approvedPermitsQuery, permittedKeys, permittedNamesQuery } from '@/components/ip/designer/usePermits';
import { ALL_TAGS_QUERY } from '@/components/ip/data';
import { myDesignerQuery } from '@/components/ip/gallery/data';
import { withPage } from '@/components/kit/shell/withPage';
import { pageProps } from '@/lib/page/server-props';
import { firstLatestDecisions, firstQuery, type FirstRead, type FirstReads } from '@/lib/page/first-reads';

/** What the table reads beside its rows: the parents' names and the last decisions. */
function besideRows(rows: Record<string, unknown>[]): FirstRead[] {
  const parents = parentNamesQuery(rows);
  return [...(parents ? [firstQuery('IP', parents)] : []), ...firstLatestDecisions(myIpDecisionsRead(rows))];
}

/** What the list reads first, with the bodies the view and useTags send (no search or tag yet). */
const reads: FirstReads = (session) => [
  firstQuery('Designer', myDesignerQuery(session.user.sub)),
  firstQuery('Tag', ALL_TAGS_QUERY),
  firstQuery('IP', myIpsQuery(session.user.sub), besideRows),
  // usePermittedIps: the primary IPs a new IP may be made from, with their names.
  firstQuery('Usage', approvedPermitsQuery(session.user.sub), (usages) => {
    const names = permittedNamesQuery(permittedKeys(usages));
    return names ? [firstQuery('IP', names)] : [];
  }),
];

export default withPage('/designer/iplist', MyIpListView);
export const getServerSideProps = pageProps(['designer-ip', 'holder-ip', 'approval', 'flow'], { reads });
