import { useForm } from 'react-hook-form';
import { Form } from './Form';
import { TextField } from './TextField';

/**
 * A long text to read, select and copy but not change (a token, the terms to accept): a
 * read-only textarea of the form kit, named for assistive technology by `label`.
 */
export function ReadOnlyText({
  text,
  label,
  rows = 8,
  className,
  testId,
}: {
  text: string;
  label: string;
  rows?: number;
  className?: string;
  testId?: string;
}) {
  const form = useForm<{ text: string }>({ values: { text } });
  return (
    <Form form={form} onSubmit={() => undefined}>
      <TextField name="text" label={label} hideLabel rows={rows} readOnly className={className ?? 'mb-0'} testId={testId} />
    </Form>
  );
}
