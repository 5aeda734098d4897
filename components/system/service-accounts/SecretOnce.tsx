import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import type { IssuedCredentials } from './service-accounts-api';

/** The client id and secret, with the one warning that matters: this is the only time it shows. */
export function SecretOnce({ issued }: { issued: IssuedCredentials }) {
  const { t } = useTranslation('service-accounts');
  return (
    <div data-testid="svc-secret">
      <Alert variant="warning" className="small">
        {t('secret.once')}
      </Alert>
      <dl className="mb-0">
        <dt>{t('secret.clientId')}</dt>
        <dd>
          <code className="text-break user-select-all" data-testid="svc-secret-client-id">
            {issued.account.clientId}
          </code>
        </dd>
        <dt>{t('secret.clientSecret')}</dt>
        <dd>
          <code className="text-break user-select-all" data-testid="svc-secret-value">
            {issued.clientSecret}
          </code>
        </dd>
        <dt>{t('secret.tokenEndpoint')}</dt>
        <dd className="small mb-0">{t('secret.howTo')}</dd>
      </dl>
    </div>
  );
}
