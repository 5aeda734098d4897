import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { withField } from './with-field';
import { useFieldControl } from './field-context';
import type { Option } from './SelectField';

export interface MultiSelectInputProps {
  options: readonly Option[];
  inline?: boolean;
  testId?: string;
}

/** Check boxes, one per option; the value is the list of the chosen options, in option order. */
export function MultiSelectInput({ options, inline = true, testId }: MultiSelectInputProps) {
  const { field } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const chosen = new Set<string>(Array.isArray(bound.value) ? (bound.value as string[]) : []);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    bound.onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <div data-testid={testId} className="kit-choices">
      {options.map((o, i) => (
        <BsForm.Check
          key={o.value}
          inline={inline}
          type="checkbox"
          id={`${field.id}-${o.value}`}
          name={field.name}
          label={o.label}
          checked={chosen.has(o.value)}
          onChange={(e) => toggle(o.value, e.target.checked)}
          onBlur={bound.onBlur}
          ref={i === 0 ? controlRef : undefined}
          isInvalid={field.invalid}
          data-testid={testId ? `${testId}-${o.value}` : undefined}
        />
      ))}
    </div>
  );
}

export const MultiSelectField = withField(MultiSelectInput, { group: true });
