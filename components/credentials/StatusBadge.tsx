import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import type { CredentialStatus, PublicState } from './credentials-api';

export function statusVariant(status: CredentialStatus | PublicState): string {
  if (status === 'valid') return 'success';
  if (status === 'expired' || status === 'not_yet_valid') return 'warning';
  if (status === 'revoked' || status === 'invalid_signature') return 'danger';
  return 'secondary';
}

/** A credential's status as a coloured, translated badge. */
export function StatusBadge({ status, testId }: { status: CredentialStatus | PublicState; testId?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge
      bg={statusVariant(status)}
      text={status === 'expired' || status === 'not_yet_valid' ? 'dark' : undefined}
      data-testid={testId}
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
