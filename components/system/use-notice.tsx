import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';

/**
 * The outcome of the last action on an administration page (saved, or refused), shown above
 * its list until the person closes it or acts again.
 */
export function useNotice(testId: string) {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const alert = notice && (
    <Alert variant={notice.ok ? 'success' : 'danger'} dismissible onClose={() => setNotice(null)} data-testid={testId}>
      {notice.text}
    </Alert>
  );
  return {
    alert,
    show: (ok: boolean, text: string) => setNotice({ ok, text }),
    clear: () => setNotice(null),
  };
}
