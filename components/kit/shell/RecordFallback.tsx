import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';

/**
 * What a record's panel shows until it has its record: a spinner while it is read, then, if there
 * is none to show (gone, or not yours), why, with a way to close the panel.
 */
export function RecordFallback({
  loading,
  message,
  onClose,
  testId,
}: {
  loading: boolean;
  message: ReactNode;
  onClose(): void;
  testId: string;
}) {
  if (loading)
    return (
      <div className="text-center py-4">
        <Spinner animation="border" role="status" />
      </div>
    );
  return (
    <Alert variant="warning" dismissible onClose={onClose} data-testid={testId}>
      {message}
    </Alert>
  );
}
