import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useFormState } from 'react-hook-form';

/** The submit button: disabled while the form is being checked or sent, so nothing is sent twice. */
export function SubmitButton({
  children,
  pending,
  disabled,
  testId,
  variant = 'primary',
}: {
  children: ReactNode;
  pending?: ReactNode;
  disabled?: boolean;
  testId?: string;
  variant?: string;
}) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={disabled || isSubmitting}
      aria-busy={isSubmitting || undefined}
      data-testid={testId}
    >
      {isSubmitting && pending ? pending : children}
    </Button>
  );
}
