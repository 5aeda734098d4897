import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';

/** A button's text while its work runs: a small spinner before the same words. */
export function BusyLabel({ children }: { children: ReactNode }) {
  return (
    <>
      <Spinner animation="border" size="sm" className="me-2" aria-hidden />
      {children}
    </>
  );
}
