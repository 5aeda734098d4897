import { useState } from 'react';
import BsForm from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useController } from 'react-hook-form';
import { bpToPercent, percentToBp } from '@/lib/format/money';
import { withField } from './with-field';
import { useFieldControl } from './field-context';
import { InvalidInput } from './invalid-input';

/** Percentage text as the form value: basis points (12.5 % → 1250), null when empty. */
export function percentValue(text: string): number | null | InvalidInput {
  const bp = percentToBp(text);
  return bp === undefined ? new InvalidInput(text, { code: 'percent' }) : bp;
}

/** A rate typed as a percentage with up to two decimals and kept in basis points. */
export function PercentInput({ testId }: { testId?: string }) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const [text, setText] = useState(() => (bound.value instanceof InvalidInput ? bound.value.text : bpToPercent(bound.value)));
  return (
    <InputGroup hasValidation>
      <BsForm.Control
        {...aria}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          bound.onChange(percentValue(e.target.value));
        }}
        onBlur={bound.onBlur}
        ref={controlRef}
        isInvalid={field.invalid}
        data-testid={testId}
      />
      <InputGroup.Text>%</InputGroup.Text>
    </InputGroup>
  );
}

export const PercentField = withField(PercentInput);
