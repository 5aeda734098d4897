import { useTranslation } from 'next-i18next/pages';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { cursorPagerProps, type CursorPager } from '@/components/kit/table/use-cursor-pager';
import { LogEntryText } from '@/components/audit/LogEntryText';
import { RecordSearch } from '@/components/refs/RecordSearch';
import { useShell } from '@/lib/client/settings-context';
import type { HolderLogEntry, LogPerson, useHolderLog } from './holder-api';

type Log = ReturnType<typeof useHolderLog>;

/** A person by name, their address below; the account key only in the tooltip. */
function PersonCell({ person }: { person: LogPerson | null }) {
  if (!person) return <>—</>;
  return (
    <span title={person.sub}>
      <div>{person.name}</div>
      {person.email && <div className="small text-muted">{person.email}</div>}
    </span>
  );
}

/**
 * The holder's admin log for role changes, newest first, a page at a time, searchable. `log` is
 * shared so changes can refresh it.
 */
export function HolderLogTable({
  log,
  pager,
  query,
  onQuery,
}: {
  log: Log;
  pager: CursorPager;
  query: string;
  onQuery: (q: string) => void;
}) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const { lang } = useShell();
  const columns = [
    column<HolderLogEntry>('time', t('log.time'), (entry) => entry.time, { kind: 'datetime', hideable: false }),
    column<HolderLogEntry>('who', t('log.who'), (entry) => entry.who?.name, {
      render: (entry) => <PersonCell person={entry.who} />,
    }),
    column<HolderLogEntry>('action', t('log.action'), (entry) => entry.readable.action, {
      render: (entry) => (
        <>
          <div>{entry.readable.action}</div>
          <div className="small text-muted">
            <code data-testid="holder-log-action" title={entry.ref ?? undefined}>
              {entry.action}
            </code>
          </div>
        </>
      ),
    }),
    column<HolderLogEntry>('person', t('log.person'), (entry) => entry.person?.name, {
      render: (entry) => <PersonCell person={entry.person} />,
      testId: 'holder-log-person',
    }),
    column<HolderLogEntry>('details', t('log.details'), (entry) => entry.readable.summary, {
      render: (entry) => <LogEntryText readable={entry.readable} />,
      testId: 'holder-log-details',
    }),
  ];

  return (
    <section className="mt-5" data-testid="holder-log">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 className="h5 mb-0">{t('log.title')}</h2>
        <RecordSearch
          onSearch={onQuery}
          initial={query}
          label={t('log.search')}
          placeholder={t('log.search')}
          className="ms-auto"
          style={{ minWidth: 260 }}
          testId="holder-log-search"
        />
      </div>
      <DataTable
        columns={columns}
        rows={log.data === undefined ? undefined : (log.data?.items ?? [])}
        error={log.data === null}
        onRetry={() => void log.mutate()}
        lang={lang}
        caption={t('log.title')}
        getRowId={(entry) => entry.key}
        rowProps={(entry) => ({ 'data-testid': 'holder-log-row', 'data-action': entry.action })}
        empty={{ message: <span data-testid="holder-log-empty">{query ? t('log.noMatch') : t('log.empty')}</span> }}
        pager={cursorPagerProps(pager, log.data?.next)}
        skeletonRows={3}
      />
    </section>
  );
}
