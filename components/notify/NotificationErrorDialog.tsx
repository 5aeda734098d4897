import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';

export interface NotificationError {
  status: number;
  response: string;
}

/** SPEC §8: a notification fetch with a non-zero status shows the status and the response. */
export function NotificationErrorDialog({ error, onClose }: { error: NotificationError | null; onClose: () => void }) {
  const { t } = useTranslation('notify');
  return (
    <Modal show={error !== null} onHide={onClose} centered data-testid="notify-error">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('error.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold">{t('error.invalid')}</p>
        <dl className="mb-0">
          <dt>{t('error.status')}</dt>
          <dd data-testid="notify-error-status">{error?.status}</dd>
          <dt>{t('error.response')}</dt>
          <dd>
            <pre className="small bg-light p-2 mb-0" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {error?.response}
            </pre>
          </dd>
        </dl>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} data-testid="notify-error-ok">
          {t('error.ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
