import { createContext, useContext } from 'react';

/** What one field shares with its control: the ids that tie label, help and error together. */
export interface FieldIds {
  name: string;
  id: string;
  helpId?: string;
  errorId?: string;
  invalid: boolean;
  required: boolean;
}

export const FieldContext = createContext<FieldIds | null>(null);

/**
 * The ARIA a control needs inside a Field: its id (the label's htmlFor), aria-invalid, and
 * aria-describedby naming the help and, on error, the message. No screen wires these by hand.
 */
export function useFieldControl() {
  const field = useContext(FieldContext);
  if (!field) throw new Error('A kit control must sit inside a Field');
  const describedBy = [field.helpId, field.invalid ? field.errorId : undefined].filter(Boolean).join(' ');
  return {
    field,
    aria: {
      id: field.id,
      name: field.name,
      'aria-invalid': field.invalid || undefined,
      'aria-describedby': describedBy || undefined,
      'aria-required': field.required || undefined,
    },
  };
}
