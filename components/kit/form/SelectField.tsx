import type { ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { withField } from './with-field';
import { useFieldControl } from './field-context';

export interface Option {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectInputProps {
  options: readonly Option[];
  /** The first, empty choice ("Choose…"); left out when a value is always chosen. */
  placeholder?: string;
  testId?: string;
}

export function SelectInput({ options, placeholder, testId }: SelectInputProps) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  return (
    <BsForm.Select
      {...aria}
      value={typeof bound.value === 'string' ? bound.value : ''}
      onChange={(e) => bound.onChange(e.target.value)}
      onBlur={bound.onBlur}
      ref={controlRef}
      isInvalid={field.invalid}
      data-testid={testId}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </BsForm.Select>
  );
}

export const SelectField = withField(SelectInput);
