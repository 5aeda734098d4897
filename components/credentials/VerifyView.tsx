import { useRouter } from 'next/router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { formatDay } from '@/components/flow/approval/subject';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { formatDateTime } from '@/lib/format/time';
import { DetailItem } from './DetailItem';
import { usePublicVerification, type PublicState } from './credentials-api';

const TONE: Record<PublicState, { bg: string; text: string; icon: string }> = {
  valid: { bg: 'bg-success', text: 'text-white', icon: '✓' },
  expired: { bg: 'bg-warning', text: 'text-dark', icon: '!' },
  not_yet_valid: { bg: 'bg-warning', text: 'text-dark', icon: '…' },
  revoked: { bg: 'bg-danger', text: 'text-white', icon: '✕' },
  not_licensed: { bg: 'bg-secondary', text: 'text-white', icon: '?' },
};

/**
 * /verify/{id}, open to anyone: is this product (or credential) licensed? The license credential is
 * verified by the server at each visit, so a terminated license shows as revoked at once.
 */
export function VerifyView({ title }: ScreenViewProps) {
  const { t } = useTranslation('wallet');
  const router = useRouter();
  const id = typeof router.query.id === 'string' ? router.query.id : undefined;
  const { data, error, isLoading, isValidating, mutate } = usePublicVerification(id);
  const tone = data ? TONE[data.state] : null;

  return (
    <div data-testid="verify-page" className="mx-auto" style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-3">{title}</h1>
      {error && <Alert variant="danger">{t('verifyPage.loadFailed')}</Alert>}
      {isLoading || !data || !tone ? (
        !error && <Spinner animation="border" />
      ) : (
        <>
          <div
            className={`rounded-3 p-4 mb-4 text-center ${tone.bg} ${tone.text}`}
            data-testid="verify-state"
            data-state={data.state}
            role="status"
          >
            <div className="display-4 fw-bold" aria-hidden>
              {tone.icon}
            </div>
            <div className="fs-2 fw-bold">{t(`verifyPage.state.${data.state}`)}</div>
            <div className="mt-1">{t(`verifyPage.explain.${data.state}`)}</div>
          </div>
          {(data.product || data.ip) && (
            <Card className="mb-3">
              <Card.Body>
                <dl className="row mb-0">
                  {data.product && (
                    <DetailItem label={t('verifyPage.product')} testId="verify-product">
                      {data.product.name}
                      {data.product.reference && <span className="ms-2 text-muted">{data.product.reference}</span>}
                    </DetailItem>
                  )}
                  {data.license && (
                    <DetailItem label={t('verifyPage.license')} testId="verify-license">
                      {data.license.reference}
                    </DetailItem>
                  )}
                  {data.ip && (
                    <DetailItem label={t('verifyPage.ip')} testId="verify-ip">
                      {data.ip.name}
                    </DetailItem>
                  )}
                  {data.licensee && (
                    <DetailItem label={t('verifyPage.licensee')} testId="verify-licensee">
                      {data.licensee.name}
                    </DetailItem>
                  )}
                  {data.territory.length > 0 && (
                    <DetailItem label={t('verifyPage.territory')} testId="verify-territory">
                      {data.territory.join(', ')}
                    </DetailItem>
                  )}
                  {data.term && (
                    <DetailItem label={t('verifyPage.term')} testId="verify-term">
                      {formatDay(data.term.start)} – {formatDay(data.term.end)}
                    </DetailItem>
                  )}
                  {data.credential?.revokedAt && (
                    <DetailItem label={t('verifyPage.revokedAt')}>{formatDateTime(data.credential.revokedAt)}</DetailItem>
                  )}
                </dl>
              </Card.Body>
            </Card>
          )}
          <p className="small text-muted" data-testid="verify-checked">
            {data.signature ? t('verifyPage.signed') : t('verifyPage.unsigned')}{' '}
            {t('verifyPage.checkedAt', { at: formatDateTime(data.checkedAt) })}
          </p>
          {data.standard && (
            <p className="small text-muted" data-testid="verify-standard">
              {t('verifyPage.standard', { issuer: data.standard.issuer, index: data.standard.statusListIndex })}{' '}
              <a href={data.standard.didDocument}>{t('verifyPage.didDocument')}</a>
              {' · '}
              <a href={data.standard.statusList}>{t('verifyPage.statusList')}</a>
            </p>
          )}
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={isValidating}
            onClick={() => void mutate()}
            data-testid="verify-again"
          >
            {t('verifyPage.again')}
          </Button>
        </>
      )}
    </div>
  );
}
