import { useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';

/** Words typed with commas (ASCII or Japanese) become separate entries, without duplicates. */
export function splitCategories(text: string): string[] {
  return text
    .split(/[,、，\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function addCategories(list: string[], text: string): string[] {
  const out = [...list];
  for (const category of splitCategories(text)) if (!out.includes(category)) out.push(category);
  return out;
}

interface CategoryInputProps {
  values: string[];
  draft: string;
  onChange: (values: string[], draft: string) => void;
  error?: string;
  disabled?: boolean;
}

/** A tag-like input: Enter or a comma turns the typed text into a category chip. */
export function CategoryInput({ values, draft, onChange, error, disabled }: CategoryInputProps) {
  const { t } = useTranslation('holder-ip');
  const [focused, setFocused] = useState(false);
  const commit = () => {
    if (draft.trim()) onChange(addCategories(values, draft), '');
  };
  return (
    <Form.Group className="mb-3" controlId="ip-categories">
      <Form.Label>{t('form.categories')}</Form.Label>
      <div
        className={`form-control d-flex flex-wrap gap-1 align-items-center ${error ? 'is-invalid' : ''} ${focused ? 'border-primary' : ''}`}
        data-testid="ip-categories"
      >
        {values.map((category) => (
          <span key={category} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
            {category}
            <CloseButton
              style={{ fontSize: '0.6rem' }}
              disabled={disabled}
              aria-label={t('form.removeCategory', { name: category })}
              onClick={() =>
                onChange(
                  values.filter((other) => other !== category),
                  draft,
                )
              }
            />
          </span>
        ))}
        <input
          id="ip-categories"
          className="border-0 flex-grow-1"
          style={{ outline: 'none', minWidth: 120, background: 'transparent' }}
          value={draft}
          disabled={disabled}
          placeholder={values.length ? '' : t('form.categoriesPlaceholder')}
          aria-describedby="ip-categories-help"
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            commit();
          }}
          onChange={(e) => {
            const text = e.target.value;
            // A comma closes the entry typed before it; the rest stays in the box.
            if (/[,、，]/.test(text)) {
              const parts = text.split(/[,、，]/);
              const rest = parts.pop() ?? '';
              onChange(addCategories(values, parts.join(',')), rest);
            } else onChange(values, text);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Backspace' && !draft && values.length) {
              onChange(values.slice(0, -1), '');
            }
          }}
          data-testid="ip-categories-input"
        />
      </div>
      <Form.Text id="ip-categories-help" muted>
        {t('form.categoriesHelp')}
      </Form.Text>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}
