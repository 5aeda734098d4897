import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '@/lib/format/time';
import { LogEntryText } from '@/components/audit/LogEntryText';
import type { LogPerson, useHolderLog } from './holder-api';

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
  const last = pages[pages.length - 1];
  const failed = pages.some((page) => page === null);

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
              <th>{t('log.details')}</th>
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
                  <div>{entry.readable.action}</div>
                  <div className="small text-muted">
                    <code data-testid="holder-log-action" title={entry.ref ?? undefined}>
                      {entry.action}
                    </code>
                  </div>
                </td>
                <td data-testid="holder-log-person">
                  <PersonCell person={entry.person} />
                </td>
                <td data-testid="holder-log-details">
                  <LogEntryText readable={entry.readable} />
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
