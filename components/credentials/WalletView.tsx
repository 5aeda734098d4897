import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { formatDay } from '@/components/flow/approval/subject';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useNames } from '@/components/kit/format/use-names';
import { ReadOnlyText } from '@/components/kit/form/ReadOnlyText';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { Reference } from '@/components/refs/RecordSearch';
import { useShell } from '@/lib/client/settings-context';
import {
  fetchWalletCredential,
  useWallet,
  verifyJwt,
  type CredentialDetail,
  type CredentialSummary,
  type Verification,
} from './credentials-api';
import { StatusBadge } from './StatusBadge';

/**
 * /licensee/wallet: the license credentials of the signed-in person's licensee organisation(s).
 * A credential is held by the organisation's owner; every member of the organisation sees it here.
 */
export function WalletView({ title }: ScreenViewProps) {
  const { t } = useTranslation('wallet');
  const { data: items, isLoading, error, mutate } = useWallet();
  const [shown, setShown] = useState<CredentialSummary | null>(null);
  const [checks, setChecks] = useState<Record<string, Verification | 'pending' | 'failed'>>({});
  const { settings, lang } = useShell();
  const token = useSession().data?.accessToken;
  // The licensee column only helps someone who belongs to several organisations.
  const several = new Set((items ?? []).map((c) => c.claims.licensee?.key)).size > 1;
  const licenseNumbers = useNames(
    'License',
    useMemo(() => (items ?? []).map((c) => c.claims.license?.key), [items]),
    'reference',
  );

  const verify = async (credential: CredentialSummary) => {
    setChecks((c) => ({ ...c, [credential.key]: 'pending' }));
    const detail = await fetchWalletCredential(settings.coreApiUrl, credential.key, token);
    const result = detail ? await verifyJwt(detail.jwt) : null;
    setChecks((c) => ({ ...c, [credential.key]: result ?? 'failed' }));
  };

  const columns = [
    column<CredentialSummary>('type', t('col.type'), (c) => t(`type.${c.type}`, { defaultValue: c.type }), {
      hideable: false,
      render: (c) => {
        const number = licenseNumbers.get(c.claims.license?.key ?? '');
        return (
          <>
            <div>{t(`type.${c.type}`, { defaultValue: c.type })}</div>
            {number && (
              <div className="small text-muted" data-testid="wallet-license">
                {t('licenseKey')}: <Reference value={number} />
              </div>
            )}
          </>
        );
      },
    }),
    column<CredentialSummary>('ip', t('col.ip'), (c) => c.claims.ip?.name, { testId: 'wallet-ip' }),
    ...(several ? [column<CredentialSummary>('licensee', t('col.licensee'), (c) => c.claims.licensee?.name)] : []),
    column<CredentialSummary>(
      'term',
      t('col.term'),
      (c) => `${formatDay(c.claims.term?.start)} – ${formatDay(c.claims.term?.end)}`,
    ),
    column<CredentialSummary>('territory', t('col.territory'), (c) => c.claims.territory ?? []),
    column<CredentialSummary>('state', t('col.state'), (c) => c.status, {
      render: (c) => <StatusBadge status={c.status} testId="wallet-status" />,
    }),
    column<CredentialSummary>('issuedAt', t('col.issuedAt'), (c) => c.issuedAt, { kind: 'datetime' }),
    actionsColumn<CredentialSummary>(t('verify'), (c) => {
      const check = checks[c.key];
      return (
        <div className="text-nowrap">
          <Button
            size="sm"
            variant="outline-secondary"
            className="me-1"
            onClick={() => setShown(c)}
            data-testid="wallet-show-jwt"
          >
            {t('showJwt')}
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={check === 'pending'}
            onClick={() => void verify(c)}
            data-testid="wallet-verify"
          >
            {check === 'pending' ? <Spinner animation="border" size="sm" /> : t('verify')}
          </Button>
          {check && check !== 'pending' && (
            <div
              className="small mt-1 text-wrap"
              data-testid="wallet-verify-result"
              data-valid={check !== 'failed' && check.valid}
            >
              {check === 'failed' ? (
                <span className="text-danger">{t('verifyFailed')}</span>
              ) : (
                <span className={check.valid ? 'text-success' : 'text-danger'}>
                  {check.valid ? t('verifiedValid') : t('verifiedInvalid', { reason: t(`status.${check.reason}`) })}
                </span>
              )}
            </div>
          )}
        </div>
      );
    }),
  ];

  return (
    <div data-testid="wallet">
      <h1 className="h4 mb-2">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      <DataTable
        columns={columns}
        rows={isLoading ? undefined : (items ?? [])}
        error={error}
        onRetry={() => void mutate()}
        lang={lang}
        caption={title}
        testId="wallet-table"
        getRowId={(c) => c.key}
        rowProps={(c) => ({
          'data-testid': 'wallet-row',
          'data-credential': c.key,
          'data-license': c.claims.license?.key ?? '',
        })}
        empty={{ message: <span data-testid="wallet-empty">{t('empty')}</span> }}
        skeletonRows={2}
      />
      {shown && <JwtDialog credential={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

function JwtDialog({ credential, onClose }: { credential: CredentialSummary; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const { settings } = useShell();
  const token = useSession().data?.accessToken;
  const [detail, setDetail] = useState<CredentialDetail | null | 'loading'>('loading');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchWalletCredential(settings.coreApiUrl, credential.key, token).then((found) => {
      if (live) setDetail(found);
    });
    return () => {
      live = false;
    };
  }, [settings.coreApiUrl, credential.key, token]);
  const copy = async () => {
    if (!detail || detail === 'loading') return;
    try {
      await navigator.clipboard.writeText(detail.jwt);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal show onHide={onClose} size="lg" data-testid="wallet-jwt-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h6">{t('jwtTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail === 'loading' ? (
          <Spinner animation="border" size="sm" />
        ) : !detail ? (
          <Alert variant="danger">{t('loadFailed')}</Alert>
        ) : (
          <>
            <p className="small text-muted">{t('jwtHelp')}</p>
            <ReadOnlyText text={detail.jwt} label={t('jwtTitle')} className="mb-0 font-monospace small" testId="wallet-jwt" />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {copied && (
          <span className="small text-success me-auto" data-testid="wallet-copied">
            {t('copied')}
          </span>
        )}
        <Button
          variant="primary"
          onClick={() => void copy()}
          disabled={!detail || detail === 'loading'}
          data-testid="wallet-copy"
        >
          {t('copy')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
