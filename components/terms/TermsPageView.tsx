import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Spinner, Table } from 'react-bootstrap';
import { useDialogs } from '@/components/dialogs/DialogProvider';
import type { ScreenViewProps } from '@/components/page/withPage';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';
import { deleteTermsVersion, useTermsDocument } from '@/lib/client/terms';
import { formatDateTime } from '@/lib/format/time';
import { termsDocumentUrl, type TermsKind, type TermsVersion } from '@/lib/terms/kinds';
import { PublishTermsForm } from './PublishTermsForm';

function TermsContent({ version }: { version: TermsVersion }) {
  if (version.metadata.format === 'text') {
    return (
      <div className="terms-content" style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-content">
        {version.content}
      </div>
    );
  }
  // Sanitized by the server when published (lib/server/terms/sanitize-terms.ts).
  return <div className="terms-content" data-testid="terms-content" dangerouslySetInnerHTML={{ __html: version.content }} />;
}

/** A public terms page: the latest version and its PDF; staff publish and delete versions here. */
export function TermsPageView({ title, kind }: ScreenViewProps & { kind: TermsKind }) {
  const { t } = useTranslation('terms');
  const { settings } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const { data, error, isLoading, mutate } = useTermsDocument(kind);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  const staff = Boolean(session) && hasAccess(lists.holderProductOnly, session?.user.access ?? []);
  const latest = data?.latest ?? null;
  const older = data ? data.versions.slice(0, -1).reverse() : [];

  async function removeLatest() {
    if (!latest) return;
    const ok = await dialogs.confirm(t('delete.title'), t('delete.body', { version: latest.metadata.version }));
    if (!ok) return;
    setDeleting(true);
    setDeleteFailed(false);
    const answer = await deleteTermsVersion(kind, session?.accessToken);
    setDeleting(false);
    if (answer?.status === 0) await mutate(answer.data, { revalidate: false });
    else setDeleteFailed(true);
  }

  return (
    <div data-testid={`terms-page-${kind}`}>
      <h1 className="h3 mb-3">{title}</h1>
      {isLoading && <Spinner animation="border" size="sm" aria-label={t('loading')} />}
      {(error || (!isLoading && data === null)) && <Alert variant="warning">{t('loadFailed')}</Alert>}
      {data && !latest && (
        <Alert variant="light" className="border" data-testid="terms-none">
          {t('none')}
        </Alert>
      )}
      {latest && (
        <Card className="mb-4" data-testid="terms-latest" data-version={latest.metadata.version}>
          <Card.Header className="d-flex flex-wrap align-items-center gap-2">
            <Badge bg="primary" data-testid="terms-version">
              {t('versionLabel', { version: latest.metadata.version })}
            </Badge>
            <span className="text-muted small">{t('published', { date: formatDateTime(latest.metadata.published) })}</span>
            {latest.metadata.document && (
              <Button
                as="a"
                href={termsDocumentUrl(latest.metadata.document)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                variant="outline-secondary"
                className="ms-auto"
                data-testid="terms-pdf-link"
              >
                {t('pdf')}
              </Button>
            )}
          </Card.Header>
          <Card.Body>
            <TermsContent version={latest} />
          </Card.Body>
        </Card>
      )}
      {older.length > 0 && (
        <section className="mb-4">
          <h2 className="h6">{t('history')}</h2>
          <Table size="sm" className="w-auto" data-testid="terms-history">
            <thead>
              <tr>
                <th>{t('form.version')}</th>
                <th>{t('publishedAt')}</th>
                <th>{t('pdf')}</th>
              </tr>
            </thead>
            <tbody>
              {older.map((v) => (
                <tr key={v.metadata.version}>
                  <td>{v.metadata.version}</td>
                  <td>{formatDateTime(v.metadata.published)}</td>
                  <td>
                    {v.metadata.document ? (
                      <a href={termsDocumentUrl(v.metadata.document)} target="_blank" rel="noopener noreferrer">
                        {t('pdf')}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {staff && (
        <section className="border-top pt-3" data-testid="terms-manage">
          <h2 className="h5">{t('manage.title')}</h2>
          {latest && (
            <div className="mb-3">
              <Button
                variant="outline-danger"
                size="sm"
                onClick={removeLatest}
                disabled={deleting}
                data-testid="terms-delete-latest"
              >
                {deleting && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
                {t('delete.button', { version: latest.metadata.version })}
              </Button>
              {deleteFailed && <div className="text-danger small mt-1">{t('delete.failed')}</div>}
            </div>
          )}
          <PublishTermsForm kind={kind} onPublished={(doc) => mutate(doc, { revalidate: false })} />
        </section>
      )}
    </div>
  );
}
