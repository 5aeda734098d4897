import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useDesignerNames, useMayManagePrimary, useTags } from '../data';
import { IpDetail } from './IpDetail';
import { filterOf, IpFilters, NO_FILTERS, SORTS, type IpFilterValues } from './IpFilters';
import { IpPager } from './IpPager';
import { IpTable } from './IpTable';
import type { IpRecord } from '../types';

export const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** The search text once typing has paused, so each key press is not a query. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** holder/ip: every IP, primary and secondary, with search, filters, order and cursor pages (SPEC §2). */
export function IpListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const mayCreate = useMayManagePrimary();
  const [filters, setFilters] = useState<IpFilterValues>(NO_FILTERS);
  const search = useSettled(filters.search);
  const [opened, setOpened] = useState<IpRecord | null>(null);
  const filter = useMemo(() => filterOf(filters), [filters]);
  const q = search.trim();
  // cursors[i] opens page i + 1 (the first page has none); they belong to one filter and order,
  // and any other filter or order starts again from the first page.
  const pagingKey = JSON.stringify([filter, q, filters.sort]);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: pagingKey,
    cursors: [undefined],
  });
  const cursors = paging.key === pagingKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const query = useEntityQuery<IpRecord>('IP', {
    filter,
    ...(q ? { q } : {}),
    sort: SORTS[filters.sort],
    limit: PAGE_SIZE,
    cursor,
  });
  const { byKey: tags, tags: tagList } = useTags();
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const designers = useDesignerNames(items.map((ip) => ip.designer).filter((key): key is string => Boolean(key)));

  const filtered = Object.keys(filter).length > 0 || q !== '';
  const loading = query.data === undefined;

  return (
    <section data-testid="ip-list">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {mayCreate && (
          <Link href={`/${lang}/holder/primary`} className="btn btn-primary" data-testid="ip-new-primary">
            {t('list.newPrimary')}
          </Link>
        )}
      </div>
      <IpFilters values={filters} tags={tagList} onChange={setFilters} />
      {query.data === null && (
        <Alert variant="danger" data-testid="ip-list-error">
          {t('list.loadError')}
        </Alert>
      )}
      {loading && (
        <div className="d-flex align-items-center gap-2 text-muted py-4" data-testid="ip-list-loading">
          <Spinner size="sm" />
          {t('list.loading')}
        </div>
      )}
      {!loading && query.data && items.length === 0 && (
        <div className="text-center border rounded p-5 bg-body-tertiary" data-testid="ip-list-empty">
          <p className="h5">{t(filtered ? 'empty.filteredTitle' : 'empty.title')}</p>
          <p className="text-muted mb-3">{t(filtered ? 'empty.filteredHint' : mayCreate ? 'empty.hint' : 'empty.hintNoRole')}</p>
          {filtered ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setFilters(NO_FILTERS)}
              data-testid="ip-clear-filters"
            >
              {t('empty.clear')}
            </button>
          ) : (
            mayCreate && (
              <Link href={`/${lang}/holder/primary`} className="btn btn-primary">
                {t('list.newPrimary')}
              </Link>
            )
          )}
        </div>
      )}
      {items.length > 0 && <IpTable items={items} tags={tags} designers={designers} onOpen={setOpened} />}
      <IpPager
        page={cursors.length}
        hasPrevious={cursors.length > 1}
        hasNext={Boolean(query.data?.nextCursor)}
        onPrevious={() => setPaging({ key: pagingKey, cursors: cursors.slice(0, -1) })}
        onNext={() => {
          const next = query.data?.nextCursor;
          if (next) setPaging({ key: pagingKey, cursors: [...cursors, next] });
        }}
      />
      <IpDetail ip={opened} tags={tags} designers={designers} onClose={() => setOpened(null)} />
    </section>
  );
}
