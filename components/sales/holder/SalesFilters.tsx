import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { DateField } from '@/components/kit/form/TextField';
import { useFilterForm } from '@/components/kit/form/use-filter-form';

export interface PeriodFilter {
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  state: string;
  /** A licensee's key or '' (all). */
  licensee: string;
}

export const EMPTY_FILTER: PeriodFilter = { from: '', to: '', state: '', licensee: '' };

/** The query filter of a period/state filter on a record with `dateField` (periods by their start day). */
export function filterOf(filter: PeriodFilter, dateField: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const range: Record<string, string> = {};
  if (filter.from) range.$gte = `${filter.from}T00:00:00Z`;
  if (filter.to) range.$lte = `${filter.to}T23:59:59Z`;
  if (Object.keys(range).length) out[dateField] = range;
  if (filter.state) out.state = filter.state;
  return out;
}

/** A period whose last day is before its first matches nothing: the filter says so instead. */
export function badRange(filter: PeriodFilter): boolean {
  return Boolean(filter.from && filter.to && filter.from > filter.to);
}

/** From/to days, a state and, where offered, a licensee, applied as they change. */
export function SalesFilters({
  value,
  states,
  onChange,
  showPeriod = true,
  licensees,
  testId,
}: {
  value: PeriodFilter;
  states: readonly string[];
  onChange: (next: PeriodFilter) => void;
  showPeriod?: boolean;
  /** Offers the licensee filter (the holder's reports). */
  licensees?: readonly { key: string; name: string }[];
  testId: string;
}) {
  const { t } = useTranslation(['holder-admin', 'flow', 'sales']);
  const form = useFilterForm(value, onChange);
  const range = badRange(value);
  // Shown again after each change: taking the page's new filter in clears the form's errors.
  useEffect(() => {
    if (range) form.setError('to', { type: 'range', message: t('filter.badRange') });
    else form.clearErrors('to');
  }, [range, value, form, t]);
  const cell = 'col-6 col-md-3 mb-0';
  return (
    <Form form={form} onSubmit={() => undefined} className="row g-2 align-items-end mb-3" testId={testId}>
      {licensees && (
        <SelectField
          name="licensee"
          label={t('sales:filter.licensee')}
          className={cell}
          placeholder={t('sales:filter.all')}
          options={licensees.map((o) => ({ value: o.key, label: o.name }))}
          testId="holder-sales-licensee"
        />
      )}
      {showPeriod && (
        <>
          <DateField name="from" label={t('filter.from')} className={cell} testId={`${testId}-from`} />
          <DateField name="to" label={t('filter.to')} className={cell} testId={`${testId}-to`} />
        </>
      )}
      <SelectField
        name="state"
        label={t('filter.state')}
        className={cell}
        placeholder={t('filter.allStates')}
        options={states.map((state) => ({ value: state, label: t(`flow:state.${state}`) }))}
        testId={`${testId}-state`}
      />
      <div className="col-6 col-md-3">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => onChange({ ...EMPTY_FILTER, licensee: value.licensee })}
          disabled={!value.from && !value.to && !value.state}
        >
          {t('filter.clear')}
        </Button>
      </div>
    </Form>
  );
}
