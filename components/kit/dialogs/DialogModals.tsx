import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';

export type DialogState =
  | { kind: 'info'; title: ReactNode; body: ReactNode }
  | { kind: 'confirm'; title: ReactNode; body: ReactNode }
  | { kind: 'form'; title: ReactNode; body: ReactNode }
  | { kind: 'alert'; title: ReactNode; body: ReactNode; cancellable: boolean };

interface DialogModalsProps {
  state: DialogState | null;
  busy: boolean;
  finish: (ok: boolean) => void;
}

/** The markup of the shared dialogs; DialogProvider loads it on the first dialog it opens. */
export default function DialogModals({ state, busy, finish }: DialogModalsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <Modal show={state !== null} onHide={() => finish(false)} centered data-testid={state ? `dialog-${state.kind}` : undefined}>
        {state && (
          <>
            <Modal.Header closeButton>
              <Modal.Title>{state.title}</Modal.Title>
            </Modal.Header>
            <Modal.Body>{state.body}</Modal.Body>
            <Modal.Footer>
              {state.kind === 'info' && (
                <Button variant="secondary" onClick={() => finish(true)}>
                  {t('dialog.close')}
                </Button>
              )}
              {state.kind === 'confirm' && (
                <>
                  <Button variant="primary" onClick={() => finish(true)}>
                    {t('dialog.ok')}
                  </Button>
                  <Button variant="secondary" onClick={() => finish(false)}>
                    {t('dialog.close')}
                  </Button>
                </>
              )}
              {state.kind === 'form' && (
                <>
                  <Button variant="primary" onClick={() => finish(true)}>
                    {t('dialog.ok')}
                  </Button>
                  <Button variant="secondary" onClick={() => finish(false)}>
                    {t('dialog.cancel')}
                  </Button>
                </>
              )}
              {state.kind === 'alert' && (
                <>
                  <Button variant="primary" onClick={() => finish(true)}>
                    {t('dialog.ok')}
                  </Button>
                  {state.cancellable && (
                    <Button variant="secondary" onClick={() => finish(false)}>
                      {t('dialog.cancel')}
                    </Button>
                  )}
                </>
              )}
            </Modal.Footer>
          </>
        )}
      </Modal>
      <Modal show={busy} backdrop="static" keyboard={false} centered size="sm" data-testid="dialog-waiting">
        <Modal.Body className="d-flex align-items-center gap-3">
          <Spinner animation="border" role="status" />
          <span>{t('dialog.waiting')}</span>
        </Modal.Body>
      </Modal>
    </>
  );
}
