import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { ReviewRounds, WorkflowLog } from '@/components/flow/approval/ReviewHistory';
import { useHistory } from '@/lib/client/flow';

/** The reviews and the workflow log of one record (GET /api/v1/{Entity}/{id}/history). */
export function HistoryPanel({ entity, subjectKey }: { entity: 'License' | 'Product'; subjectKey: string }) {
  const { t } = useTranslation('designer');
  const { data, isLoading } = useHistory(entity, subjectKey);
  if (isLoading) return <Spinner animation="border" size="sm" role="status" />;
  if (!data) return <p className="text-muted mb-0">{t('loadFailed')}</p>;
  return (
    <div className="d-flex flex-column gap-3" data-testid="history-panel">
      <section>
        <h4 className="h6">{t('history.reviews')}</h4>
        <ReviewRounds reviews={data.reviews} />
      </section>
      <section>
        <h4 className="h6">{t('history.log')}</h4>
        <WorkflowLog log={data.log} />
      </section>
    </div>
  );
}
