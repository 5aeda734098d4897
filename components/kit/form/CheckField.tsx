import { useId, type ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';

/**
 * One check box whose own label is the statement (a setting turned on, a consent given), with its
 * help and error under it, tied by aria-describedby as in every kit field. `required`: it must be
 * ticked (ConsentCheckField).
 */
export function CheckField({
  name,
  label,
  help,
  required,
  testId,
  className = 'mb-3',
}: {
  name: string;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  testId?: string;
  className?: string;
}) {
  const id = useId();
  const {
    field: { ref: controlRef, ...bound },
    fieldState: { error },
  } = useController({ name });
  const message = error?.message;
  const described = [help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
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
        aria-required={required || undefined}
        aria-describedby={described || undefined}
        data-testid={testId}
      />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
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
