import BsForm from 'react-bootstrap/Form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { useFieldControl } from './field-context';
import { withField } from './with-field';
import { dateTimeFormat } from '@/lib/format/intl-cache';

export interface MonthInputProps {
  /** First and last year offered (both included). */
  years: readonly [number, number];
  testId?: string;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** "11月" on jp, "November" on en: the month's name in the page's language, not the browser's. */
function monthName(month: number, lang: 'jp' | 'en'): string {
  return dateTimeFormat(lang === 'jp' ? 'ja-JP' : 'en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/**
 * A month (`YYYY-MM`) as a year and a month chosen from lists: the browser's `type="month"`
 * control speaks the browser's language and, in some browsers, is a plain text box.
 */
export function MonthInput({ years, testId }: MonthInputProps) {
  const { t } = useTranslation('kit');
  const { lang } = useShell();
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const value = typeof bound.value === 'string' ? bound.value : '';
  const [year = '', month = ''] = value.split('-');
  const set = (nextYear: string, nextMonth: string) => bound.onChange(`${nextYear}-${nextMonth}`);
  const yearList: number[] = [];
  for (let y = years[1]; y >= years[0]; y--) yearList.push(y);
  if (year && !yearList.includes(Number(year))) yearList.push(Number(year));

  return (
    <div className="d-flex gap-2">
      <BsForm.Select
        {...aria}
        ref={controlRef}
        size="sm"
        value={year}
        onChange={(e) => set(e.target.value, month || '01')}
        onBlur={bound.onBlur}
        isInvalid={field.invalid}
        aria-label={t('month.year')}
        data-testid={testId ? `${testId}-year` : undefined}
      >
        {yearList.map((y) => (
          <option key={y} value={String(y)}>
            {t('month.yearOption', { year: y })}
          </option>
        ))}
      </BsForm.Select>
      <BsForm.Select
        {...aria}
        id={`${aria.id}-month`}
        size="sm"
        value={month}
        onChange={(e) => set(year || String(years[1]), e.target.value)}
        onBlur={bound.onBlur}
        isInvalid={field.invalid}
        aria-label={t('month.month')}
        data-testid={testId ? `${testId}-month` : undefined}
      >
        {MONTHS.map((m) => {
          const two = String(m).padStart(2, '0');
          return (
            <option key={m} value={two}>
              {monthName(m, lang)}
            </option>
          );
        })}
      </BsForm.Select>
    </div>
  );
}

export const MonthField = withField(MonthInput, { group: true });
