import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import type { HolderLogEntry, LogPerson, useHolderLog } from './holder-api';

type Log = ReturnType<typeof useHolderLog>;

/** A before/after value in words: lists of subs become nicknames, objects `name: value`. */
function describe(value: unknown, people: Record<string, LogPerson>): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return people[value]?.nickname || people[value]?.email || value;
  if (Array.isArray(value)) return value.length ? value.map((v) => describe(v, people)).join(', ') : '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${describe(v, people)}`)
      .join(' / ');
  }
  return String(value);
}

/** The list the entry changed: an approver group or manager list, the boss group, an access entry. */
function scopeOf(entry: HolderLogEntry): { kind: 'approver' | 'manager' | 'entry'; value: string } | null {
  const type = entry.data.type;
  if (typeof type === 'string') {
    const [kind, group] = type.split('_');
    if ((kind === 'approver' || kind === 'manager') && group) return { kind, value: group };
  }
  if (entry.action.startsWith('holder.boss.')) return { kind: 'approver', value: 'boss' };
  if (typeof entry.data.entry === 'string') return { kind: 'entry', value: entry.data.entry };
  return null;
}

function PersonCell({ person }: { person: LogPerson | null }) {
  if (!person) return <>—</>;
  return (
    <>
      <div>{person.nickname || person.email || person.sub}</div>
      {person.email && <div className="small text-muted">{person.email}</div>}
    </>
  );
}

/** The holder's admin log for role changes, newest first, searchable. `log` is shared so changes can refresh it. */
export function HolderLogTable({ log, query, onQuery }: { log: Log; query: string; onQuery: (q: string) => void }) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const [text, setText] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => onQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onQuery]);

  const pages = log.data ?? [];
  const entries = pages.flatMap((page) => page?.items ?? []);
  const people = Object.assign({}, ...pages.map((page) => page?.people ?? {})) as Record<string, LogPerson>;
  const last = pages[pages.length - 1];
  const failed = pages.some((page) => page === null);

  const scopeLabel = (entry: HolderLogEntry): string => {
    const scope = scopeOf(entry);
    if (!scope) return '';
    if (scope.kind === 'entry') return scope.value;
    const group = t(`flow:group.${scope.value}`, { defaultValue: scope.value });
    return scope.kind === 'approver' ? t('profile.approverGroup', { group }) : t('profile.managerGroup', { group });
  };

  return (
    <section className="mt-5" data-testid="holder-log">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 className="h5 mb-0">{t('log.title')}</h2>
        <Form.Group controlId="holder-log-search" className="ms-auto" style={{ minWidth: 260 }}>
          <Form.Label className="visually-hidden">{t('log.search')}</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            placeholder={t('log.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="holder-log-search"
          />
        </Form.Group>
      </div>
      {!log.data ? (
        <div className="py-3 text-center" role="status">
          <Spinner animation="border" size="sm" />
        </div>
      ) : failed && entries.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : entries.length === 0 ? (
        <p className="text-muted" data-testid="holder-log-empty">
          {query ? t('log.noMatch') : t('log.empty')}
        </p>
      ) : (
        <Table responsive size="sm" className="bg-white align-middle small">
          <thead>
            <tr>
              <th>{t('log.time')}</th>
              <th>{t('log.who')}</th>
              <th>{t('log.action')}</th>
              <th>{t('log.person')}</th>
              <th>{t('log.before')}</th>
              <th>{t('log.after')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.key} data-testid="holder-log-row" data-action={entry.action}>
                <td className="text-nowrap">{formatDateTime(entry.time)}</td>
                <td>
                  <PersonCell person={entry.who} />
                </td>
                <td>
                  <div>{t(`log.actions.${entry.action.replaceAll('.', '_')}`, { defaultValue: entry.action })}</div>
                  <div className="small text-muted">
                    <code data-testid="holder-log-action">{entry.action}</code>
                    {scopeLabel(entry) && <span className="ms-1">· {scopeLabel(entry)}</span>}
                  </div>
                </td>
                <td data-testid="holder-log-person">
                  <PersonCell person={entry.person} />
                </td>
                <td className="text-break" title={describe(entry.before, people)}>
                  {truncate(describe(entry.before, people), 120)}
                </td>
                <td className="text-break" title={describe(entry.after, people)}>
                  {truncate(describe(entry.after, people), 120)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {last?.next && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void log.setSize(log.size + 1)}
          disabled={log.isValidating}
          data-testid="holder-log-more"
        >
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
