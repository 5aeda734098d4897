import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { TitledCard } from '@/components/kit/shell/TitledCard';
import { answerRows } from '@/components/kit/table/RecordTable';
import Spinner from 'react-bootstrap/Spinner';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { useSWRConfig } from 'swr';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery, type QueryBody } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { text, type Row } from '@/components/flow/approval/subject';
import { NoDesignerProfile } from './NoDesignerProfile';
import { MyIpTable } from './MyIpTable';
import { usePermittedIps } from './usePermits';
import { useTags } from '@/components/ip/data';
import { myDesignerQuery } from '@/components/ip/gallery/data';
import { SearchTagFilters } from '@/components/tags/TagFilter';

// The form and the detail are shown on request (a new IP, ?ip= in the address): their code is
// loaded then, not with the list. With ?ip= on arrival the server renders the detail as before.
const IpForm = dynamic(() => import('./IpForm').then((m) => m.IpForm), {
  loading: () => <Spinner animation="border" size="sm" role="status" />,
});
const MyIpDetail = dynamic(() => import('./MyIpDetail').then((m) => m.MyIpDetail), {
  loading: () => <Spinner animation="border" size="sm" role="status" />,
});

/** SWR keys of IP queries, histories and last decisions: what a change to one of my IPs makes stale. */
function isIpData(key: unknown): boolean {
  return Array.isArray(key) && ['query', 'history', 'record', 'latest'].includes(key[0]) && key[1] === 'IP';
}

/** The designer's own secondary IPs, newest change first; a search word and a tag narrow them. */
export function myIpsQuery(sub: string, q = '', tag = ''): QueryBody {
  return {
    filter: { kind: 'secondary', owner: sub, ...(tag ? { tags: tag } : {}) },
    ...(q ? { q } : {}),
    sort: { dateUpdated: -1 },
    limit: 200,
  };
}

/**
 * The designer's secondary IPs: create one from a primary IP with an approved usage permit,
 * edit and submit drafts, follow the reviews, revise or resubmit after changes were requested.
 */
export function MyIpListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer-ip');
  const { lang } = useShell();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const { data: session } = useSession();
  const sub = session?.user.sub;
  const designers = useEntityQuery<Row>('Designer', sub ? myDesignerQuery(sub) : null);
  const [q, setQ] = useState('');
  // Tags the holder gave the designer's IPs (a campaign, a season): shown on each row and chosen here.
  const [tag, setTag] = useState('');
  const { tags, byKey: tagsByKey } = useTags();
  const ips = useEntityQuery<Row>('IP', sub ? myIpsQuery(sub, q, tag) : null);
  const { permitted } = usePermittedIps(sub);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const selected = typeof router.query.ip === 'string' ? router.query.ip : null;

  // A notification or mail links here by the IP's number (?open=IP-2026-0042): open that IP.
  const opening = typeof router.query.open === 'string' ? router.query.open : null;
  const items = ips.data?.items;
  useEffect(() => {
    if (!opening || !items) return;
    const found = items.find((item) => text(item.reference) === opening);
    if (found)
      void router.replace({ pathname: `/${lang}/designer/iplist`, query: { ip: text(found.key) } }, undefined, { shallow: true });
  }, [opening, items, lang, router]);

  const designer = designers.data?.items[0];
  const startCreating = () => {
    setCreating(true);
    setCreated(null);
  };
  const refresh = () => void mutate(isIpData);
  const open = (key: string | null) =>
    void router.push({ pathname: `/${lang}/designer/iplist`, query: key ? { ip: key } : {} }, undefined, { shallow: true });

  if (designers.data === undefined || designers.data === null) {
    // undefined: still loading; null: the query was refused or failed (logged by the fetcher).
    return (
      <section>
        <h1 className="h3 mb-3">{title}</h1>
        {designers.data === null || designers.error ? (
          <Alert variant="danger">{t('loadFailed')}</Alert>
        ) : (
          <Spinner animation="border" role="status" />
        )}
      </section>
    );
  }

  return (
    <section data-testid="designer-iplist">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {designer && !creating && (
          <Button onClick={startCreating} data-testid="ip-new">
            {t('list.new')}
          </Button>
        )}
      </div>
      {!designer ? (
        <NoDesignerProfile />
      ) : (
        <>
          <p className="text-muted">{t('list.intro', { name: text(designer.creator_name) })}</p>
          <FlashNotice
            flash={created ? { variant: 'success', text: t('list.created', { name: created }) } : null}
            onClose={() => setCreated(null)}
            testId="ip-created"
          />
          {creating && (
            <TitledCard title={t('form.title')}>
              <IpForm
                designerKey={text(designer.key)}
                permitted={permitted}
                onSaved={(record) => {
                  setCreating(false);
                  setCreated(text(record.name));
                  refresh();
                  open(text(record.key));
                }}
                onCancel={() => setCreating(false)}
              />
            </TitledCard>
          )}
          {selected && (
            <MyIpDetail
              key={selected}
              ipKey={selected}
              designerKey={text(designer.key)}
              permitted={permitted}
              onChanged={refresh}
              onClose={() => open(null)}
            />
          )}
          <SearchTagFilters tags={tags} onSearch={setQ} onTag={setTag} searchTestId="ip-search" tagTestId="ip-tag-filter" />
          <MyIpTable {...answerRows(ips.data)} selected={selected} tagsByKey={tagsByKey} caption={title} />
        </>
      )}
    </section>
  );
}
