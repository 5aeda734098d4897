import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { Envelope } from '@/lib/client/fetcher';

/** What a refused call says: its per-field messages in one line, else its message, else the fallback. */
export function refusalOf(answer: Envelope<unknown> | null, fallback: string): string {
  const data = answer?.data as { errors?: Record<string, string>; message?: string } | string | undefined;
  if (typeof data === 'string') return data || fallback;
  return Object.values(data?.errors ?? {}).join(' ') || data?.message || fallback;
}

/**
 * The buttons on a list's rows (resend, revoke, change a role): one row at a time is busy, and
 * the outcome shows above the list as a notice or the server's refusal.
 */
export function useRowActions(fallback: string, onDone: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (row: string, call: () => Promise<Envelope<unknown> | null>, done: string) => {
    setBusy(row);
    setProblem(null);
    const answer = await call();
    setBusy(null);
    if (answer?.status !== 0) {
      setProblem(refusalOf(answer, fallback));
      return;
    }
    setNotice(done);
    onDone();
  };
  return { busy, notice, problem, setNotice, setProblem, run };
}

/** The notice and the refusal of useRowActions, each dismissible; `<testId>-notice` and `<testId>-error`. */
export function RowActionAlerts({ actions, testId }: { actions: ReturnType<typeof useRowActions>; testId: string }) {
  return (
    <>
      {actions.notice && (
        <Alert
          variant="success"
          className="py-2"
          dismissible
          onClose={() => actions.setNotice(null)}
          data-testid={`${testId}-notice`}
        >
          {actions.notice}
        </Alert>
      )}
      {actions.problem && (
        <Alert
          variant="danger"
          className="py-2"
          dismissible
          onClose={() => actions.setProblem(null)}
          data-testid={`${testId}-error`}
        >
          {actions.problem}
        </Alert>
      )}
    </>
  );
}
