import { useEffect, useState } from 'react';
import BsForm from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useController, useWatch } from 'react-hook-form';
import { fromMinor, minorDigits, toMinor } from '@/lib/format/money';
import { withField } from './with-field';
import { useFieldControl } from './field-context';
import { InvalidInput } from './invalid-input';

export interface MoneyInputProps {
  /** The currency: a code, or the name of the form field that holds it. */
  currency: string | { field: string };
  testId?: string;
}

/** Major-unit text as the form value: minor units, null when empty, InvalidInput when unreadable. */
export function moneyValue(text: string, currency: string): number | null | InvalidInput {
  const minor = toMinor(text, currency);
  if (minor === undefined) return new InvalidInput(text, { code: 'amount', params: { digits: minorDigits(currency) } });
  return minor;
}

/**
 * An amount typed in the currency's major units ("1,200.50") and kept as integer minor units;
 * the currency's decimals decide what is accepted (JPY none, USD two). Changing the currency
 * reads the same text again.
 */
export function MoneyInput({ currency, testId }: MoneyInputProps) {
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const watched = useWatch({ name: typeof currency === 'string' ? field.name : currency.field }) as unknown;
  const code = typeof currency === 'string' ? currency : typeof watched === 'string' && watched ? watched : 'JPY';
  const [text, setText] = useState(() => (bound.value instanceof InvalidInput ? bound.value.text : fromMinor(bound.value, code)));
  const { onChange } = bound;
  useEffect(() => {
    onChange(moneyValue(text, code));
    // Only a change of currency re-reads the text; typing goes through the handler below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  return (
    <InputGroup hasValidation>
      <BsForm.Control
        {...aria}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(moneyValue(e.target.value, code));
        }}
        onBlur={bound.onBlur}
        ref={controlRef}
        isInvalid={field.invalid}
        data-testid={testId}
      />
      <InputGroup.Text>{code}</InputGroup.Text>
    </InputGroup>
  );
}

export const MoneyField = withField(MoneyInput);
