import Alert from 'react-bootstrap/Alert';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import type { Row } from '../ip/gallery/data';
import { FlowState } from '../flow/FlowState';
import { UsageReason } from './UsageReason';

/** The current permit for an IP: its state, when it was asked for, and why it ended if it did. */
export function PermitStatus({ usage }: { usage: Row }) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const state = String(usage.state);
  const variant = state === 'approved' ? 'success' : state === 'requested' ? 'info' : 'warning';
  return (
    <Alert variant={variant} className="mb-3" data-testid="permit-status" data-state={state}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{t('permit.current')}</span>
        <FlowState state={state} testId="permit-state" />
        <span className="small text-muted">{formatDateTime(usage.dateCreated, '')}</span>
      </div>
      <p className="mb-0 mt-2 small">
        {t(`permit.explain.${state}`, { defaultValue: '' })}{' '}
        <Link href={{ pathname: `/${lang}/designer/usage`, query: { permit: String(usage.key) } }} data-testid="permit-open">
          {t('permitDetail.openLink')}
        </Link>
      </p>
      {(state === 'rejected' || state === 'revoked') && <UsageReason usage={usage} />}
    </Alert>
  );
}
