import { useState, type FormEvent } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { LogEntryText } from '@/components/audit/LogEntryText';
import { NO_FILTERS, type AuditEntry, type AuditFilters, type AuditPerson, type useAuditLog } from './acl-api';

const ACTIONS = [
  'acl.',
  'acl.grant',
  'acl.revoke',
  'acl.set',
  'acl.request.approve',
  'acl.request.deny',
  'holder.',
  'licensee.',
  'invite.',
  'terms.',
  'user.set',
  'service.',
  'credential.',
  'job.retry',
  'mail.retry',
] as const;

/** A person by name, their address below; the account key only in the tooltip. */
function Person({ person }: { person: AuditPerson | null }) {
  if (!person) return <>—</>;
  return (
    <div title={person.sub}>
      <div>{person.name}</div>
      {person.email && <div className="text-muted small">{person.email}</div>}
    </div>
  );
}

interface AdminLogProps {
  log: ReturnType<typeof useAuditLog>;
  filters: AuditFilters;
  onFilters: (filters: AuditFilters) => void;
}

/** The admin log, newest first: search by actor, action, person concerned, dates and free text. */
export function AdminLog({ log, filters, onFilters }: AdminLogProps) {
  const { t } = useTranslation('acl');
  const { lang } = useShell();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const pages = log.data ?? [];
  const failed = pages.find((p) => p?.status !== 0);
  const entries = pages.flatMap((p) => (p?.status === 0 ? p.data.items : []));
  const last = pages[pages.length - 1];
  const errors =
    failed?.data && typeof failed.data === 'object' && 'errors' in failed.data
      ? (failed.data as { errors: Record<string, string> }).errors
      : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters(draft);
  };
  const field = (name: keyof AuditFilters, type = 'text') => (
    <Form.Group controlId={`log-${name}`}>
      <Form.Label className="small mb-0">{t(`log.filter.${name}`)}</Form.Label>
      <Form.Control
        size="sm"
        type={type}
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        isInvalid={Boolean(errors[name])}
        data-testid={`acl-log-${name}`}
      />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );
  const comment = (entry: AuditEntry) =>
    typeof entry.data.comment === 'string' ? `${t('log.comment')}: ${entry.data.comment}` : '';

  const details = (entry: AuditEntry) =>
    [entry.readable.summary, ...entry.readable.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`), comment(entry)]
      .filter(Boolean)
      .join(' / ');
  const columns = [
    column<AuditEntry>('time', t('log.time'), (entry) => entry.time, { kind: 'datetime' }),
    column<AuditEntry>('actor', t('log.actor'), (entry) => entry.who?.name ?? '', {
      render: (entry) => <Person person={entry.who} />,
    }),
    column<AuditEntry>('action', t('log.action'), (entry) => entry.readable.action, {
      render: (entry) => (
        <div>
          <div>{entry.readable.action}</div>
          <code className="small text-muted" title={entry.ref ?? undefined}>
            {entry.action}
          </code>
        </div>
      ),
    }),
    column<AuditEntry>('person', t('log.person'), (entry) => entry.person?.name ?? '', {
      testId: 'acl-log-person',
      render: (entry) => <Person person={entry.person} />,
    }),
    column<AuditEntry>('details', t('log.details'), details, {
      testId: 'acl-log-details',
      render: (entry) => (
        <div className="text-break">
          <LogEntryText readable={entry.readable} />
          {comment(entry) && <div className="small">{comment(entry)}</div>}
        </div>
      ),
    }),
  ];

  return (
    <section data-testid="acl-log">
      <Form onSubmit={submit} className="mb-3" noValidate data-testid="acl-log-filters">
        <Row className="g-2 align-items-end">
          <Col md={4}>{field('q', 'search')}</Col>
          <Col md={3}>{field('actor')}</Col>
          <Col md={3}>
            <Form.Group controlId="log-action">
              <Form.Label className="small mb-0">{t('log.filter.action')}</Form.Label>
              <Form.Select
                size="sm"
                value={draft.action}
                onChange={(e) => setDraft({ ...draft, action: e.target.value })}
                data-testid="acl-log-action"
              >
                <option value="">{t('log.allActions')}</option>
                {ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {t(`log.actions.${action.replaceAll('.', '_')}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={2}>{field('ref')}</Col>
          <Col sm={6} md={3}>
            {field('from', 'date')}
          </Col>
          <Col sm={6} md={3}>
            {field('to', 'date')}
          </Col>
          <Col md="auto" className="d-flex gap-2">
            <Button type="submit" size="sm" data-testid="acl-log-apply">
              {t('log.apply')}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                setDraft(NO_FILTERS);
                onFilters(NO_FILTERS);
              }}
              data-testid="acl-log-reset"
            >
              {t('log.reset')}
            </Button>
          </Col>
        </Row>
      </Form>
      <DataTable
        columns={columns}
        rows={!log.data ? undefined : entries}
        error={Boolean(failed && entries.length === 0 && Object.keys(errors).length === 0)}
        onRetry={() => void log.mutate()}
        lang={lang}
        caption={t('log.title')}
        getRowId={(entry) => entry.key}
        rowProps={(entry) => ({ 'data-testid': 'acl-log-row', 'data-action': entry.action, 'data-ref': entry.ref ?? '' })}
        empty={{ message: <span data-testid="acl-log-empty">{t('log.none')}</span> }}
        skeletonRows={10}
        csvName="admin-log.csv"
      />
      {last?.status === 0 && last.data.next && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void log.setSize(log.size + 1)}
          disabled={log.isValidating}
          data-testid="acl-log-more"
        >
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
