import { useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { useController } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { listOf } from '@/lib/format/money';
import { withField } from './with-field';
import { useFieldControl } from './field-context';

/** Words added to a list: what was typed before a comma, Enter or leaving the box. */
function added(list: string[], text: string): string[] {
  const out = [...list];
  for (const item of listOf(text)) if (!out.includes(item)) out.push(item);
  return out;
}

/**
 * A list of free words (categories, channels) entered like tags: Enter or a comma (ASCII or
 * Japanese) turns the text into a chip, Backspace in an empty box removes the last one. Enter
 * never submits the form from here.
 */
export function ChipsInput({ placeholder, testId }: { placeholder?: string; testId?: string }) {
  const { t } = useTranslation('kit');
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const values: string[] = Array.isArray(bound.value) ? (bound.value as string[]) : [];
  const [draft, setDraft] = useState('');
  const commit = () => {
    if (draft.trim()) bound.onChange(added(values, draft));
    setDraft('');
  };
  return (
    <div
      className={`form-control d-flex flex-wrap gap-1 align-items-center kit-chips ${field.invalid ? 'is-invalid' : ''}`}
      data-testid={testId ? testId.replace(/-input$/, '') : undefined}
    >
      {values.map((value) => (
        <span key={value} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
          {value}
          <CloseButton
            className="kit-chip-remove"
            aria-label={t('files.removeNamed', { name: value })}
            onClick={() => bound.onChange(values.filter((other) => other !== value))}
          />
        </span>
      ))}
      <input
        {...aria}
        ref={controlRef}
        className="border-0 flex-grow-1 kit-chips-input"
        value={draft}
        placeholder={values.length ? '' : placeholder}
        onBlur={() => {
          commit();
          bound.onBlur();
        }}
        onChange={(e) => {
          const text = e.target.value;
          if (/[,、，]/.test(text)) {
            const parts = text.split(/[,、，]/);
            setDraft(parts.pop() ?? '');
            bound.onChange(added(values, parts.join(',')));
          } else setDraft(text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Backspace' && !draft && values.length) bound.onChange(values.slice(0, -1));
        }}
        data-testid={testId}
      />
    </div>
  );
}

export const ChipsField = withField(ChipsInput);
