import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';

/** What the last action of a screen came to, shown above its content until dismissed. */
export interface Flash {
  variant: 'success' | 'danger';
  text: string;
}

/** A screen's flash: set after an action, cleared when dismissed. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  return {
    flash,
    setFlash,
    done: (text: string) => setFlash({ variant: 'success', text }),
    failed: (text: string) => setFlash({ variant: 'danger', text }),
    clear: () => setFlash(null),
  };
}

/** The flash as a dismissible alert (nothing when there is none). */
export function FlashAlert({ flash, onClose, testId }: { flash: Flash | null; onClose(): void; testId: string }) {
  if (!flash) return null;
  return (
    <Alert variant={flash.variant} dismissible onClose={onClose} data-testid={testId}>
      {flash.text}
    </Alert>
  );
}
