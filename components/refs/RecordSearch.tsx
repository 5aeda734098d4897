import { useEffect, type CSSProperties } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Field } from '@/components/kit/form/Field';
import { Form } from '@/components/kit/form/Form';
import { TextInput } from '@/components/kit/form/TextField';

/**
 * The search box of a list: a reference (LIC-2026-0042, typed in any width or case) or a name
 * people quote. It reports the text a moment after typing stops; the list sends it as the
 * query's `q`, which the server matches against references and names. Its label is read by
 * assistive technology only: the placeholder says the same on screen.
 */
export function RecordSearch({
  onSearch,
  placeholder,
  label,
  initial = '',
  className = 'mb-3',
  style = { maxWidth: 420 },
  testId = 'record-search',
}: {
  onSearch: (q: string) => void;
  placeholder?: string;
  label?: string;
  /** The search the list already shows (kept when the box is drawn again). */
  initial?: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const form = useForm<{ q: string }>({ defaultValues: { q: initial } });
  const text = useWatch({ control: form.control, name: 'q' });
  useEffect(() => {
    const timer = setTimeout(() => onSearch((text ?? '').trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className={className} style={style}>
      <Form form={form} onSubmit={({ q }) => onSearch(q.trim())}>
        <Field name="q" label={label ?? t('search.label')} hideLabel className="mb-0">
          <TextInput type="search" placeholder={placeholder ?? t('search.placeholder')} testId={testId} />
        </Field>
      </Form>
    </div>
  );
}

/** A record's reference as lists and headings show it: the number people read out. */
export function Reference({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return null;
  return (
    <span className="font-monospace text-nowrap" data-testid="reference">
      {value}
    </span>
  );
}

/** Text as a search compares it: full width made half width, dashes alike, case and spaces ignored. */
function folded(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\u30fc\uff70]/g, '-')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Whether a shown name (a queue item's, say) has every word of the search in it. */
export function matchesSearch(label: string, q: string): boolean {
  const words = q.trim().split(/\s+/).filter(Boolean);
  const haystack = folded(label);
  return words.every((word) => haystack.includes(folded(word)));
}
