import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { cursorPagerProps, type CursorPager } from '@/components/kit/table/use-cursor-pager';
import { useShell } from '@/lib/client/settings-context';
import { LogEntryText } from '@/components/audit/LogEntryText';
import { NameAndEmail } from '../NameAndEmail';
import { fieldErrorsOf, NO_FILTERS, type AuditEntry, type AuditFilters, type AuditPerson, type useAuditLog } from './acl-api';

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
  return <NameAndEmail name={person.name} email={person.email} title={person.sub} />;
}

interface AdminLogProps {
  log: ReturnType<typeof useAuditLog>;
  pager: CursorPager;
  filters: AuditFilters;
  onFilters: (filters: AuditFilters) => void;
}

/** The admin log, newest first: search by actor, action, person concerned, dates and free text. */
export function AdminLog({ log, pager, filters, onFilters }: AdminLogProps) {
  const { t } = useTranslation('acl');
  const { lang } = useShell();
  const form = useSchemaForm<AuditFilters>(() => import('@/lib/server/audit/log-input').then((m) => m.auditLogInput), filters);
  const page = log.data;
  const errors = page && page.status !== 0 ? fieldErrorsOf(page) : null;
  // The server's word on a filter it refused shows under that filter.
  useEffect(() => {
    if (errors) showServerErrors(form, errors, t('loadFailed'));
  }, [errors, form, t]);
  const field = (name: keyof AuditFilters, type: 'search' | 'text' | 'date' = 'text') => (
    <TextField name={name} type={type} label={t(`log.filter.${name}`)} className="mb-0" testId={`acl-log-${name}`} />
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
      <Form form={form} onSubmit={(values) => onFilters({ ...NO_FILTERS, ...values })} className="mb-3" testId="acl-log-filters">
        <Row className="g-2 align-items-end">
          <Col md={4}>{field('q', 'search')}</Col>
          <Col md={3}>{field('actor')}</Col>
          <Col md={3}>
            <SelectField
              name="action"
              label={t('log.filter.action')}
              placeholder={t('log.allActions')}
              options={ACTIONS.map((action) => ({ value: action, label: t(`log.actions.${action.replaceAll('.', '_')}`) }))}
              className="mb-0"
              testId="acl-log-action"
            />
          </Col>
          <Col md={2}>{field('ref')}</Col>
          <Col sm={6} md={3}>
            {field('from', 'date')}
          </Col>
          <Col sm={6} md={3}>
            {field('to', 'date')}
          </Col>
          <Col md="auto" className="d-flex gap-2">
            <SubmitButton testId="acl-log-apply">{t('log.apply')}</SubmitButton>
            <Button
              variant="outline-secondary"
              onClick={() => {
                form.reset(NO_FILTERS);
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
        rows={page?.status === 0 ? page.data.items : page === undefined ? undefined : []}
        error={page === null || (page !== undefined && page.status !== 0 && !errors)}
        onRetry={() => void log.mutate()}
        lang={lang}
        caption={t('log.title')}
        getRowId={(entry) => entry.key}
        rowProps={(entry) => ({ 'data-testid': 'acl-log-row', 'data-action': entry.action, 'data-ref': entry.ref ?? '' })}
        empty={{ message: <span data-testid="acl-log-empty">{t('log.none')}</span> }}
        skeletonRows={10}
        csvName="admin-log.csv"
        pager={{ ...cursorPagerProps(pager, page?.status === 0 ? page.data.next : null), testId: 'acl-log-pager' }}
      />
    </section>
  );
}
