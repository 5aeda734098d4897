import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/components/kit/form/Form';
import { TextField } from '@/components/kit/form/TextField';
import { useLiveFilter } from '@/components/kit/form/use-live-filter';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';

type SearchValues = { q: string };

/**
 * A list's one search box, checked with the list query's schema (its `q`) and applied once
 * typing settles: the form, and the text the list asks for.
 */
export function useSearchBox(loadSchema: () => Promise<z.ZodType>) {
  const form = useSchemaForm<SearchValues>(loadSchema, { q: '' });
  return { form, q: useLiveFilter(form, 300).q.trim() };
}

export function SearchBox({ form, label, testId }: { form: UseFormReturn<SearchValues>; label: string; testId: string }) {
  return (
    <Form form={form} onSubmit={() => undefined} testId={`${testId}-form`}>
      <div style={{ maxWidth: 420 }}>
        <TextField name="q" type="search" label={label} maxLength={200} testId={testId} />
      </div>
    </Form>
  );
}
