import Link from 'next/link';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { useSettled } from '@/components/kit/form/SearchFilterBar';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { answerRows } from '@/components/kit/table/RecordTable';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useDesignerNames, useMayManagePrimary, useTags } from '../data';
import { IpDetail } from './IpDetail';
import { filterOf, IpFilters, NO_FILTERS, SORTS, type IpFilterValues } from './IpFilters';
import { IpTable } from './IpTable';
import type { IpRecord } from '../types';

export const PAGE_SIZE = 20;

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
  // Any other filter or order starts again from the first page.
  const pager = useCursorPager(JSON.stringify([filter, q, filters.sort]));
  const query = useEntityQuery<IpRecord>('IP', {
    filter,
    ...(q ? { q } : {}),
    sort: SORTS[filters.sort],
    limit: PAGE_SIZE,
    cursor: pager.cursor,
  });
  const { byKey: tags, tags: tagList } = useTags();
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const designers = useDesignerNames(items.map((ip) => ip.designer).filter((key): key is string => Boolean(key)));

  const filtered = Object.keys(filter).length > 0 || q !== '';

  const empty = (
    <span data-testid="ip-list-empty">
      <span className="d-block h5">{t(filtered ? 'empty.filteredTitle' : 'empty.title')}</span>
      <span className="d-block text-muted">
        {t(filtered ? 'empty.filteredHint' : mayCreate ? 'empty.hint' : 'empty.hintNoRole')}
      </span>
    </span>
  );
  const next = filtered ? (
    <Button variant="outline-secondary" onClick={() => setFilters(NO_FILTERS)} data-testid="ip-clear-filters">
      {t('empty.clear')}
    </Button>
  ) : (
    mayCreate && (
      <Link href={`/${lang}/holder/primary`} className="btn btn-primary">
        {t('list.newPrimary')}
      </Link>
    )
  );

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
      <IpTable
        {...answerRows(query.data)}
        caption={title}
        tags={tags}
        designers={designers}
        onOpen={setOpened}
        empty={{ message: empty, action: next || undefined }}
        pager={cursorPagerProps(pager, query.data?.nextCursor)}
      />
      <IpDetail ip={opened} tags={tags} designers={designers} onClose={() => setOpened(null)} />
    </section>
  );
}
