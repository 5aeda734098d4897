import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';

/**
 * The search box of a list: a reference (LIC-2026-0042, typed in any width or case) or a name
 * people quote. It reports the text a moment after typing stops; the list sends it as the
 * query's `q`, which the server matches against references and names.
 */
export function RecordSearch({
  onSearch,
  placeholder,
  testId = 'record-search',
}: {
  onSearch: (q: string) => void;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <Form.Group controlId={id} className="mb-3" style={{ maxWidth: 420 }}>
      <Form.Label className="visually-hidden">{t('search.label')}</Form.Label>
      <Form.Control
        type="search"
        size="sm"
        value={text}
        placeholder={placeholder ?? t('search.placeholder')}
        onChange={(e) => setText(e.target.value)}
        data-testid={testId}
      />
    </Form.Group>
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
