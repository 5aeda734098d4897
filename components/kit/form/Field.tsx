import { useId, type ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { FieldContext, type FieldIds } from './field-context';

export interface FieldProps {
  name: string;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  /** A group of controls (check boxes): a fieldset named by a legend instead of a label. */
  group?: boolean;
  /** The label read by assistive technology only (a list's search box, named by its placeholder). */
  hideLabel?: boolean;
  className?: string;
  /** The control's test id; the error under it is `<testId>-error` (less a trailing `-input`). */
  testId?: string;
  children: ReactNode;
}

/** The first message at a field's path or below it (`territory.0` shows under `territory`). */
function messageAt(errors: Record<string, unknown>, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const seen = new Set<unknown>();
  const first = (value: unknown): string | undefined => {
    if (!value || typeof value !== 'object' || seen.has(value)) return undefined;
    seen.add(value);
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'ref') continue;
      const found = first(child);
      if (found) return found;
    }
    return undefined;
  };
  return first(node);
}

/**
 * One form field: label (or legend), the control, help text, the required mark and the per-field
 * error, tied together by ids so assistive technology reads them with the control.
 */
export function Field({
  name,
  label,
  help,
  required = false,
  group = false,
  hideLabel = false,
  className = 'mb-3',
  testId,
  children,
}: FieldProps) {
  const { t } = useTranslation('kit');
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const base = useId();
  const message = messageAt(errors as Record<string, unknown>, name);
  const ids: FieldIds = {
    name,
    id: `${base}-control`,
    helpId: help ? `${base}-help` : undefined,
    errorId: `${base}-error`,
    invalid: Boolean(message),
    required,
  };
  const mark = required ? (
    <span className="text-danger ms-1" title={t('form.required')}>
      *<span className="visually-hidden">{t('form.required')}</span>
    </span>
  ) : null;
  const body = (
    <>
      {children}
      {help && (
        <BsForm.Text id={ids.helpId} className="d-block">
          {help}
        </BsForm.Text>
      )}
      <div
        id={ids.errorId}
        className="invalid-feedback d-block"
        data-field-error={name}
        data-testid={testId ? `${testId.replace(/-input$/, '')}-error` : undefined}
        hidden={!message}
      >
        {message}
      </div>
    </>
  );
  return (
    <FieldContext.Provider value={ids}>
      {group ? (
        <fieldset
          className={className}
          aria-describedby={[ids.helpId, message ? ids.errorId : undefined].filter(Boolean).join(' ') || undefined}
          data-field={name}
        >
          <legend className="form-label fs-6 mb-2">
            {label}
            {mark}
          </legend>
          {body}
        </fieldset>
      ) : (
        <div className={className} data-field={name}>
          <BsForm.Label htmlFor={ids.id} className={hideLabel ? 'visually-hidden' : undefined}>
            {label}
            {mark}
          </BsForm.Label>
          {body}
        </div>
      )}
    </FieldContext.Provider>
  );
}
