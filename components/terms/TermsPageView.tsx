import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';
import { useTermsDocument, withdrawTermsVersion, type TermsDocument } from '@/lib/client/terms';
import { formatDateTime } from '@/lib/format/time';
import { latestInForce, termsDocumentUrl, type TermsKind, type TermsVersion } from '@/lib/terms/kinds';
import { PublishTermsForm } from './PublishTermsForm';
import { TermsContent } from './TermsContent';
import { TermsHistory } from './TermsHistory';

type Flash = { kind: 'withdrawn'; version: string; restored: string | null } | { kind: 'failed' } | null;

/** What withdrawing does, said before it is done: nothing is deleted, and who is asked again. */
function WithdrawConsequences({ doc, version }: { doc: TermsDocument; version: TermsVersion }) {
  const { t } = useTranslation('terms');
  const target = version.metadata.version;
  const restored = latestInForce(doc.versions.filter((v) => v !== version));
  const count = doc.acceptances?.[target] ?? 0;
  return (
    <div data-testid="terms-withdraw-consequences">
      <p>{t('withdraw.kept', { version: target, count })}</p>
      <p className="mb-2">
        {restored
          ? t('withdraw.restored', { version: target, previous: restored.metadata.version })
          : t('withdraw.noneLeft', { version: target })}
      </p>
      <p className="mb-0 text-muted small">{t('withdraw.mistake')}</p>
    </div>
  );
}

/** A public terms page: the version in force, its PDF and the history; staff publish and withdraw versions here. */
export function TermsPageView({ title, kind }: ScreenViewProps & { kind: TermsKind }) {
  const { t } = useTranslation('terms');
  const { settings } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const { data, error, isLoading, mutate } = useTermsDocument(kind, session?.accessToken);
  const [withdrawing, setWithdrawing] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  const staff = Boolean(session) && hasAccess(lists.holderProductOnly, session?.user.access ?? []);
  const latest = data?.latest ?? null;
  const history = data ? data.versions.filter((v) => v.metadata.version !== latest?.metadata.version).reverse() : [];

  async function withdrawLatest() {
    if (!latest || !data) return;
    const version = latest.metadata.version;
    const ok = await dialogs.confirm(t('withdraw.title', { version }), <WithdrawConsequences doc={data} version={latest} />);
    if (!ok) return;
    setWithdrawing(true);
    setFlash(null);
    const answer = await withdrawTermsVersion(kind, session?.accessToken, version);
    setWithdrawing(false);
    if (answer?.status === 0) {
      await mutate(answer.data, { revalidate: false });
      setFlash({ kind: 'withdrawn', version, restored: answer.data.latest?.metadata.version ?? null });
    } else setFlash({ kind: 'failed' });
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
            <TermsContent version={latest} testId="terms-content" />
          </Card.Body>
        </Card>
      )}
      {history.length > 0 && <TermsHistory versions={history} acceptances={staff ? data?.acceptances : undefined} />}
      {staff && (
        <section className="border-top pt-3" data-testid="terms-manage">
          <h2 className="h5">{t('manage.title')}</h2>
          {flash?.kind === 'withdrawn' && (
            <Alert variant="success" data-testid="terms-withdrawn">
              {flash.restored
                ? t('withdraw.done', { version: flash.version, previous: flash.restored })
                : t('withdraw.doneNone', { version: flash.version })}
            </Alert>
          )}
          {flash?.kind === 'failed' && <Alert variant="danger">{t('withdraw.failed')}</Alert>}
          {latest && (
            <div className="mb-3">
              <Button
                variant="outline-danger"
                size="sm"
                onClick={withdrawLatest}
                disabled={withdrawing}
                data-testid="terms-withdraw-latest"
              >
                {withdrawing && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
                {t('withdraw.button', { version: latest.metadata.version })}
              </Button>
              <div className="form-text">{t('withdraw.help')}</div>
            </div>
          )}
          <PublishTermsForm kind={kind} onPublished={(doc) => mutate(doc)} />
        </section>
      )}
    </div>
  );
}
