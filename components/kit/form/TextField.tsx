import type { ChangeEvent, FocusEvent } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { withField, type FieldShellProps } from './with-field';
import { useFieldControl } from './field-context';

export interface TextInputProps {
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'search' | 'color' | 'month';
  /** A textarea of this many rows. */
  rows?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
  maxLength?: number;
  /** Tidies what was typed when the control is left (full-width digits, a missing hyphen). */
  normalise?: (value: string) => string;
  testId?: string;
  readOnly?: boolean;
  /** Values offered while typing (a datalist); any other text is still accepted. */
  suggestions?: readonly string[];
}

/** A text box (or textarea) bound to its field, carrying the field's ARIA. */
export function TextInput({ type = 'text', rows, normalise, testId, suggestions, ...rest }: TextInputProps) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const common = {
    ...rest,
    ...aria,
    value: typeof bound.value === 'string' ? bound.value : bound.value == null ? '' : String(bound.value),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => bound.onChange(e.target.value),
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (normalise) bound.onChange(normalise(e.target.value));
      bound.onBlur();
    },
    ref: controlRef,
    isInvalid: field.invalid,
    'data-testid': testId,
  };
  if (rows) return <BsForm.Control {...common} as="textarea" rows={rows} />;
  if (!suggestions?.length) return <BsForm.Control {...common} type={type} />;
  return (
    <>
      <BsForm.Control {...common} type={type} list={`${field.id}-suggestions`} />
      <datalist id={`${field.id}-suggestions`}>
        {suggestions.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    </>
  );
}

export type TextFieldProps = FieldShellProps & TextInputProps;

/** Label, text box, help and error in one: what a screen declares for a text field. */
export const TextField = withField(TextInput);

/** A date (YYYY-MM-DD); the schema turns it into a date the server stores. */
export function DateField(props: Omit<TextFieldProps, 'type' | 'rows'>) {
  return <TextField {...props} type="date" />;
}
