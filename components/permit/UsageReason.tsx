import { useTranslation } from 'next-i18next/pages';
import { useHistory } from '@/lib/client/flow';
import type { Row } from '../ip/gallery/data';

/** Actions whose comment says why a permit ended: the brand's refusal or a revocation. */
const REASON_ACTIONS = ['rejected', 'changes_requested', 'revoke'];

/**
 * Why a permit was rejected or revoked: the stored reason, else the comment of the last refusal or
 * revocation in its history (reviews and log of GET /api/v1/Usage/{id}/history).
 */
export function UsageReason({ usage }: { usage: Row }) {
  const { t } = useTranslation('designer');
  const stored = typeof usage.reason === 'string' && usage.reason ? usage.reason : null;
  const { data: history, isLoading } = useHistory('Usage', stored ? null : String(usage.key));
  let reason = stored;
  if (!reason && history) {
    const logged = [...history.log]
      .filter((entry) => REASON_ACTIONS.includes(entry.action) && entry.remarks)
      .sort((a, b) => b.time.localeCompare(a.time))[0];
    const reviewed = [...history.reviews]
      .filter((review) => review.comment && review.state !== 'pending' && review.state !== 'approved')
      .sort((a, b) => b.dateUpdated.localeCompare(a.dateUpdated))[0];
    reason = logged?.remarks ?? reviewed?.comment ?? null;
  }
  if (isLoading) return <div className="small text-muted mt-1">{t('loading')}</div>;
  return (
    <div className="small mt-1" data-testid="usage-reason">
      <span className="fw-semibold">{t('usage.reason')}: </span>
      <span style={{ whiteSpace: 'pre-wrap' }}>{reason ?? t('usage.noReason')}</span>
    </div>
  );
}
