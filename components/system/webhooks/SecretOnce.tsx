import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import type { IssuedWebhookSecret } from './webhooks-api';

/** The signing secret, shown this once, with how the receiver checks a message. */
export function WebhookSecretOnce({ issued }: { issued: IssuedWebhookSecret }) {
  const { t } = useTranslation('webhooks');
  return (
    <div data-testid="hook-secret">
      <Alert variant="warning" className="small">
        {t('secret.once')}
      </Alert>
      <dl className="mb-0">
        <dt>{t('secret.url')}</dt>
        <dd className="text-break">{issued.endpoint.url}</dd>
        <dt>{t('secret.value')}</dt>
        <dd>
          <code className="text-break user-select-all" data-testid="hook-secret-value">
            {issued.secret}
          </code>
        </dd>
        <dt>{t('secret.verify')}</dt>
        <dd className="small mb-0">{t('secret.howTo')}</dd>
      </dl>
    </div>
  );
}
