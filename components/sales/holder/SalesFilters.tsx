import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

export interface PeriodFilter {
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  state: string;
}

export const EMPTY_FILTER: PeriodFilter = { from: '', to: '', state: '' };

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

/** From/to days and a state, applied as they change. */
export function SalesFilters({
  value,
  states,
  onChange,
  showPeriod = true,
  testId,
}: {
  value: PeriodFilter;
  states: readonly string[];
  onChange: (next: PeriodFilter) => void;
  showPeriod?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const invalidRange = Boolean(value.from && value.to && value.from > value.to);
  return (
    <Form className="row g-2 align-items-end mb-3" onSubmit={(e) => e.preventDefault()} data-testid={testId}>
      {showPeriod && (
        <>
          <Form.Group className="col-6 col-md-3" controlId={`${testId}-from`}>
            <Form.Label className="small mb-1">{t('filter.from')}</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={value.from}
              onChange={(e) => onChange({ ...value, from: e.target.value })}
              data-testid={`${testId}-from`}
            />
          </Form.Group>
          <Form.Group className="col-6 col-md-3" controlId={`${testId}-to`}>
            <Form.Label className="small mb-1">{t('filter.to')}</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={value.to}
              isInvalid={invalidRange}
              onChange={(e) => onChange({ ...value, to: e.target.value })}
              data-testid={`${testId}-to`}
            />
            <Form.Control.Feedback type="invalid">{t('filter.badRange')}</Form.Control.Feedback>
          </Form.Group>
        </>
      )}
      <Form.Group className="col-8 col-md-3" controlId={`${testId}-state`}>
        <Form.Label className="small mb-1">{t('filter.state')}</Form.Label>
        <Form.Select
          size="sm"
          value={value.state}
          onChange={(e) => onChange({ ...value, state: e.target.value })}
          data-testid={`${testId}-state`}
        >
          <option value="">{t('filter.allStates')}</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {t(`flow:state.${state}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="col-4 col-md-3">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => onChange(EMPTY_FILTER)}
          disabled={!value.from && !value.to && !value.state}
        >
          {t('filter.clear')}
        </Button>
      </div>
    </Form>
  );
}
