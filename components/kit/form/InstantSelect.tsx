import { useEffect, type CSSProperties } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from './Field';
import { Form } from './Form';
import { SelectInput, type Option } from './SelectField';

/**
 * A choice that acts as soon as it is made (the organisation shown, a member's role, the schema
 * shown): a select of the form kit with no button to press; its label is for assistive technology
 * only unless `showLabel`.
 */
export function InstantSelect({
  label,
  value,
  options,
  onChoose,
  disabled = false,
  showLabel = false,
  style = { maxWidth: 180 },
  testId,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  /** When it returns a promise, the select shows the page's value again after it (a refused change). */
  onChoose(value: string): void | Promise<unknown>;
  disabled?: boolean;
  showLabel?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  // `values` follows the value the page holds (the first organisation once the list has loaded).
  const form = useForm<{ choice: string }>({ values: { choice: value } });
  const choice = useWatch({ control: form.control, name: 'choice' });
  useEffect(() => {
    if (choice === undefined || choice === value) return;
    const acting = onChoose(choice);
    if (acting) void acting.then(() => form.reset({ choice: value }));
    // Only the person's choice acts; a new value from the page is not a choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choice]);
  return (
    <Form form={form} onSubmit={() => undefined} className="m-0">
      <fieldset disabled={disabled} style={style}>
        <Field name="choice" label={label} hideLabel={!showLabel} className="m-0">
          <SelectInput options={options} testId={testId} />
        </Field>
      </fieldset>
    </Form>
  );
}
