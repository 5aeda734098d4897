import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';

type DialogState =
  | { kind: 'info'; title: ReactNode; body: ReactNode }
  | { kind: 'confirm'; title: ReactNode; body: ReactNode }
  | { kind: 'form'; title: ReactNode; body: ReactNode }
  | { kind: 'alert'; title: ReactNode; body: ReactNode; cancellable: boolean };

export interface Dialogs {
  /** Information with a Close button. */
  info(title: ReactNode, body: ReactNode): Promise<void>;
  /** Ok and Close; resolves true on Ok. */
  confirm(title: ReactNode, body: ReactNode): Promise<boolean>;
  /** A form body with Ok and Cancel; resolves true on Ok. */
  form(title: ReactNode, body: ReactNode): Promise<boolean>;
  /** An alert (Ok only) or an alert-style confirm (Ok and Cancel). */
  alert(title: ReactNode, body: ReactNode, options?: { cancellable?: boolean }): Promise<boolean>;
  /** Shows or hides the waiting spinner over the page. */
  waiting(show: boolean): void;
}

const DialogContext = createContext<Dialogs | null>(null);

/** The shared dialogs of SPEC §2: info, confirm, form, waiting spinner, alert/confirm. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<DialogState | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const open = useCallback((next: DialogState) => {
    resolver.current?.(false);
    setState(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const finish = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState(null);
  }, []);

  const api = useMemo<Dialogs>(
    () => ({
      info: async (title, body) => {
        await open({ kind: 'info', title, body });
      },
      confirm: (title, body) => open({ kind: 'confirm', title, body }),
      form: (title, body) => open({ kind: 'form', title, body }),
      alert: (title, body, options) => open({ kind: 'alert', title, body, cancellable: Boolean(options?.cancellable) }),
      waiting: (show) => setBusy(show),
    }),
    [open],
  );

  return (
    <DialogContext.Provider value={api}>
      {children}
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
    </DialogContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialogs outside DialogProvider');
  return value;
}
