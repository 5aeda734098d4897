import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { changeSchema, useCredentialSchemas, useSchemaMeta, type SchemaSummary } from './credentials-api';

type Action = 'enable' | 'disable' | 'publish' | 'unpublish';

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

  if (isLoading) return <Spinner animation="border" size="sm" />;
  if (error || !items) return <Alert variant="danger">{t('credentials.loadFailed')}</Alert>;
  return (
    <div data-testid="credential-schemas">
      {problem && (
        <Alert variant="danger" className="py-2" data-testid="credential-schema-error">
          {problem}
        </Alert>
      )}
      <Table size="sm" hover responsive className="align-middle">
        <thead>
          <tr>
            <th>{t('credentials.name')}</th>
            <th>{t('credentials.version')}</th>
            <th>{t('credentials.issuer')}</th>
            <th>{t('credentials.state')}</th>
            <th>{t('credentials.updated')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {items.map((schema) => (
            <tr key={schema.key} data-testid="credential-schema-row" data-schema={schema.key}>
              <td>
                <div className="fw-semibold">{schema.meta.title?.[lang] ?? schema.name}</div>
                <div className="small text-muted font-monospace">{schema.name}</div>
              </td>
              <td>{schema.version}</td>
              <td className="small text-break">{schema.issuer}</td>
              <td>
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
              </td>
              <td className="small text-nowrap">{formatDateTime(schema.dateUpdated)}</td>
              <td className="text-nowrap">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  className="me-1"
                  onClick={() => setOpen(schema.key)}
                  data-testid="credential-schema-meta"
                >
                  {t('credentials.meta')}
                </Button>
                {(['enable', 'disable', 'publish', 'unpublish'] as const)
                  .filter((a) =>
                    a === 'enable'
                      ? !schema.enabled
                      : a === 'disable'
                        ? schema.enabled
                        : a === 'publish'
                          ? !schema.published
                          : schema.published,
                  )
                  .map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      className="me-1"
                      variant={action === 'disable' || action === 'unpublish' ? 'outline-danger' : 'outline-primary'}
                      disabled={pending !== null}
                      onClick={() => void run(schema, action)}
                      data-testid={`credential-schema-${action}`}
                    >
                      {t(`credentials.action.${action}`)}
                    </Button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
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
              <dt className="col-sm-3">{t('credentials.format')}</dt>
              <dd className="col-sm-9">{data.meta.format ?? 'vc+jwt'}</dd>
              <dt className="col-sm-3">{t('credentials.issuer')}</dt>
              <dd className="col-sm-9 text-break">{data.issuer}</dd>
              <dt className="col-sm-3">{t('credentials.issued')}</dt>
              <dd className="col-sm-9" data-testid="credential-schema-issued">
                {data.issued}
              </dd>
              <dt className="col-sm-3">{t('credentials.created')}</dt>
              <dd className="col-sm-9">{formatDateTime(data.dateCreated)}</dd>
              {data.meta.publishedAt && (
                <>
                  <dt className="col-sm-3">{t('credentials.publishedAt')}</dt>
                  <dd className="col-sm-9">{formatDateTime(data.meta.publishedAt)}</dd>
                </>
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
