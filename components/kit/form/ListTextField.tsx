import { useState } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { listOf } from '@/lib/format/money';
import { withField } from './with-field';
import { useFieldControl } from './field-context';

/** A list typed as comma-separated text ("online, retail"), kept as the list of items. */
export function ListTextInput({ placeholder, testId }: { placeholder?: string; testId?: string }) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const [text, setText] = useState(() => (Array.isArray(bound.value) ? (bound.value as string[]).join(', ') : ''));
  return (
    <BsForm.Control
      {...aria}
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        bound.onChange(listOf(e.target.value));
      }}
      onBlur={bound.onBlur}
      ref={controlRef}
      isInvalid={field.invalid}
      data-testid={testId}
    />
  );
}

export const ListTextField = withField(ListTextInput);
