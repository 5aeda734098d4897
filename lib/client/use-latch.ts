import { useState } from 'react';

/**
 * True from the first render where `on` is true, for good: a lazily loaded part (a modal) is
 * mounted when first needed and then kept, so it can still play its closing transition.
 */
export function useLatch(on: boolean): boolean {
  const [latched, setLatched] = useState(on);
  // Setting state while rendering is React's documented way to derive from earlier renders.
  if (on && !latched) setLatched(true);
  return on || latched;
}
