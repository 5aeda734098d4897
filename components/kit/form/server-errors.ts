import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The API's per-field messages (`data.errors`, already in the page's language) shown under the
 * fields this form has; anything else (or no message at all) as the form's failure.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  errors: Record<string, string>,
  fallback: string,
): void {
  const fields = new Set(Object.keys(form.getValues()));
  const rest: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (fields.has(field.split('.')[0]!)) form.setError(field as Path<T>, { type: 'server', message });
    else rest.push(message);
  }
  if (rest.length || Object.keys(errors).length === 0)
    form.setError('root', { type: 'server', message: rest.join(' ') || fallback });
}
