import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { DetailItem } from './DetailItem';
import { changeSchema, useCredentialSchemas, useSchemaMeta, type SchemaSummary } from './credentials-api';

type Action = 'enable' | 'disable' | 'publish' | 'unpublish';

/** The switches a schema offers in its state: enable or disable, publish or unpublish. */
function actionsOf(schema: SchemaSummary): Action[] {
  return [schema.enabled ? 'disable' : 'enable', schema.published ? 'unpublish' : 'publish'];
}

/** Credential schemas: their meta, and the administrator's enable/disable and publish switches. */
export function CredentialSchemas() {
  const { t } = useTranslation('schema');
  const { settings, lang } = useShell();
  const token = useSession().data?.accessToken;
  const dialogs = useDialogs();
  const { data: items, isLoading, error, mutate } = useCredentialSchemas();
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const run = async (schema: SchemaSummary, action: Action) => {
    if (!(await dialogs.confirm(t(`credentials.action.${action}`), t(`credentials.confirm.${action}`, { name: schema.name }))))
      return;
    setPending(`${schema.key}:${action}`);
    setProblem(null);
    const answer = await changeSchema(settings.coreApiUrl, schema.key, action, token);
    setPending(null);
    if (answer?.status !== 0) {
      setProblem(t('credentials.failed'));
      return;
    }
    await mutate();
  };

  const columns = [
    column<SchemaSummary>('name', t('credentials.name'), (schema) => schema.meta.title?.[lang] ?? schema.name, {
      hideable: false,
      sortable: true,
      render: (schema) => (
        <>
          <div className="fw-semibold">{schema.meta.title?.[lang] ?? schema.name}</div>
          <div className="small text-muted font-monospace">{schema.name}</div>
        </>
      ),
    }),
    column<SchemaSummary>('version', t('credentials.version'), (schema) => schema.version),
    column<SchemaSummary>('issuer', t('credentials.issuer'), (schema) => schema.issuer, {
      render: (schema) => <span className="small text-break">{schema.issuer}</span>,
    }),
    column<SchemaSummary>(
      'state',
      t('credentials.state'),
      (schema) =>
        `${schema.enabled ? t('credentials.enabled') : t('credentials.disabled')} ${schema.published ? t('credentials.published') : t('credentials.unpublished')}`,
      {
        render: (schema) => (
          <>
            <Badge bg={schema.enabled ? 'success' : 'secondary'} className="me-1" data-testid="credential-schema-enabled">
              {schema.enabled ? t('credentials.enabled') : t('credentials.disabled')}
            </Badge>
            <Badge
              bg={schema.published ? 'info' : 'light'}
              text={schema.published ? undefined : 'dark'}
              data-testid="credential-schema-published"
            >
              {schema.published ? t('credentials.published') : t('credentials.unpublished')}
            </Badge>
          </>
        ),
      },
    ),
    column<SchemaSummary>('updated', t('credentials.updated'), (schema) => schema.dateUpdated, { kind: 'datetime' }),
    actionsColumn<SchemaSummary>(t('credentials.meta'), (schema) => (
      <div className="d-flex flex-wrap gap-1">
        <Button size="sm" variant="outline-secondary" onClick={() => setOpen(schema.key)} data-testid="credential-schema-meta">
          {t('credentials.meta')}
        </Button>
        {actionsOf(schema).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'disable' || action === 'unpublish' ? 'outline-danger' : 'outline-primary'}
            disabled={pending !== null}
            onClick={() => void run(schema, action)}
            data-testid={`credential-schema-${action}`}
          >
            {t(`credentials.action.${action}`)}
          </Button>
        ))}
      </div>
    )),
  ];

  return (
    <div data-testid="credential-schemas">
      {problem && (
        <Alert variant="danger" className="py-2" data-testid="credential-schema-error">
          {problem}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={isLoading ? undefined : (items ?? [])}
        error={error}
        onRetry={() => void mutate()}
        lang={lang}
        caption={t('credentials.name')}
        getRowId={(schema) => schema.key}
        rowProps={(schema) => ({ 'data-testid': 'credential-schema-row', 'data-schema': schema.key })}
        empty={{ message: t('credentials.empty') }}
        skeletonRows={2}
      />
      {open && <SchemaMetaDialog schemaKey={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function SchemaMetaDialog({ schemaKey, onClose }: { schemaKey: string; onClose(): void }) {
  const { t } = useTranslation('schema');
  const { lang } = useShell();
  const { data, isLoading } = useSchemaMeta(schemaKey);
  return (
    <Modal show onHide={onClose} size="lg" data-testid="credential-schema-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h6">{data?.meta.title?.[lang] ?? schemaKey}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {isLoading || !data ? (
          <Spinner animation="border" size="sm" />
        ) : (
          <>
            <p>{data.meta.description?.[lang]}</p>
            <dl className="row small">
              <DetailItem label={t('credentials.format')} split={3}>
                {data.meta.format ?? 'vc+jwt'}
              </DetailItem>
              <DetailItem label={t('credentials.issuer')} split={3} className="text-break">
                {data.issuer}
              </DetailItem>
              <DetailItem label={t('credentials.issued')} split={3} testId="credential-schema-issued">
                {data.issued}
              </DetailItem>
              <DetailItem label={t('credentials.created')} split={3}>
                {formatDateTime(data.dateCreated)}
              </DetailItem>
              {data.meta.publishedAt && (
                <DetailItem label={t('credentials.publishedAt')} split={3}>
                  {formatDateTime(data.meta.publishedAt)}
                </DetailItem>
              )}
            </dl>
            <h2 className="h6">{t('credentials.jsonSchema')}</h2>
            <pre className="bg-light border rounded p-2 small" style={{ maxHeight: 360 }} data-testid="credential-schema-json">
              {JSON.stringify(data.schema, null, 2)}
            </pre>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('credentials.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
