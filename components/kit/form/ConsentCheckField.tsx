import { useId, type ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';

/**
 * One check box that must be ticked (a consent, a confirmation): the box's own label is the
 * statement, and its error sits under it, tied by aria-describedby as in every kit field. The
 * error's test id is `<testId>-error`.
 */
export function ConsentCheckField({
  name,
  label,
  testId,
  className = 'mb-3',
}: {
  name: string;
  label: ReactNode;
  testId?: string;
  className?: string;
}) {
  const id = useId();
  const {
    field: { ref: controlRef, ...bound },
    fieldState: { error },
  } = useController({ name });
  const message = error?.message;
  return (
    <div className={className} data-field={name}>
      <BsForm.Check
        id={`${id}-control`}
        type="checkbox"
        name={name}
        label={label}
        checked={bound.value === true}
        onChange={(e) => bound.onChange(e.target.checked)}
        onBlur={bound.onBlur}
        ref={controlRef}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message) || undefined}
        aria-required
        aria-describedby={message ? `${id}-error` : undefined}
        data-testid={testId}
      />
      <div
        id={`${id}-error`}
        className="invalid-feedback d-block"
        data-field-error={name}
        data-testid={testId ? `${testId}-error` : undefined}
        hidden={!message}
      >
        {message}
      </div>
    </div>
  );
}
