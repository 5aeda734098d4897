import { useState, type ReactNode } from 'react';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { useNotice } from './use-notice';

interface RowCall<T> {
  /** Asked first (title, body); Cancel sends nothing. */
  confirm?: [ReactNode, ReactNode];
  call: () => Promise<{ status: number; data?: unknown } | null>;
  /** After success, before the notice (a secret shown once). */
  then?: (data: T) => Promise<void>;
  done: string;
}

/**
 * The calls an administration list makes on its rows (rotate, revoke, pause, delete): asked
 * for when they cannot be undone, the row's buttons off while one runs, the list reloaded, and
 * the outcome told in the page's notice.
 */
export function useRowCalls({ reload, noticeTestId, failed }: { reload: () => unknown; noticeTestId: string; failed: string }) {
  const dialogs = useDialogs();
  const notice = useNotice(noticeTestId);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async <T,>(key: string, { confirm, call, then, done }: RowCall<T>): Promise<boolean> => {
    if (confirm && !(await dialogs.confirm(...confirm))) return false;
    setBusy(key);
    const answer = await call();
    setBusy(null);
    void reload();
    if (answer?.status !== 0) {
      notice.show(false, failed);
      return false;
    }
    await then?.(answer.data as T);
    notice.show(true, done);
    return true;
  };
  return { busy, run, notice, dialogs };
}
