import { useState } from 'react';
import type { Flash } from '../shell/FlashNotice';

/** A screen's flash, shown with the kit's FlashNotice: set after an action, cleared when dismissed. */
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
