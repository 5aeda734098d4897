import type { ComponentType } from 'react';
import { Field, type FieldProps } from './Field';

export type FieldShellProps = Omit<FieldProps, 'children' | 'group'>;

/**
 * A control and its Field in one component (`<MoneyField name label … />`): label, help, required
 * mark and error around the control, the error's test id taken from the control's.
 */
export function withField<P extends { testId?: string }>(Input: ComponentType<P>, options: { group?: boolean } = {}) {
  function KitField({ name, label, help, required, hideLabel, className, ...input }: FieldShellProps & P) {
    return (
      <Field
        name={name}
        label={label}
        help={help}
        required={required}
        hideLabel={hideLabel}
        className={className}
        group={options.group}
        testId={input.testId}
      >
        <Input {...(input as unknown as P)} />
      </Field>
    );
  }
  KitField.displayName = `Field(${Input.displayName ?? Input.name})`;
  return KitField;
}
