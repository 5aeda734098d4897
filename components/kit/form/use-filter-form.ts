import { useEffect, useRef } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';

/**
 * A filter bar on the form kit: the page keeps the filter (other parts of it read the same one),
 * the form shows it and tells the page each change as it is made, with no submit button.
 */
export function useFilterForm<T extends FieldValues>(value: T, onChange: (next: T) => void) {
  // `values` follows the page's filter (a Clear button, the same filter shown on another tab).
  const form = useForm<T>({ values: value });
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const { subscribe, getValues } = form;
    return subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        // Only what the person changed: a reset from the page's own value is not news to it.
        if (name && type === 'change') latest.current(getValues());
      },
    });
  }, [form]);
  return form;
}
