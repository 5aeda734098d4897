import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLatch } from '@/lib/client/use-latch';
import type { DialogState } from './DialogModals';

// The modals (react-bootstrap Modal and its transitions) are not needed until a page opens a
// dialog, so they stay out of every page's first load (DESIGN §10).
const DialogModals = dynamic(() => import('./DialogModals'), { ssr: false });

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
  const [state, setState] = useState<DialogState | null>(null);
  const [busy, setBusy] = useState(false);
  // Mounted from the first dialog on, and kept, so a closing dialog still fades out.
  const used = useLatch(state !== null || busy);
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
      {used && <DialogModals state={state} busy={busy} finish={finish} />}
    </DialogContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialogs outside DialogProvider');
  return value;
}
