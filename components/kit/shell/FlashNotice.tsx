import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

export interface Flash {
  variant: 'success' | 'danger' | 'warning' | 'info' | 'secondary';
  text: ReactNode;
}

/** What just happened (saved, sent, failed), until the person closes it; nothing when there is none. */
export function FlashNotice({
  flash,
  onClose,
  testId,
  className,
}: {
  flash: Flash | null | undefined;
  onClose(): void;
  testId?: string;
  className?: string;
}) {
  if (!flash) return null;
  return (
    <Alert variant={flash.variant} dismissible onClose={onClose} className={className} data-testid={testId}>
      {flash.text}
    </Alert>
  );
}
