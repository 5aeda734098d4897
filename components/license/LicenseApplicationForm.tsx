import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { createEntity, useEntitySchema, useRecord } from '@/lib/client/entities';
import { takeStep } from '@/lib/client/flow';
import { checkRecord } from '@/lib/client/validation';
import { useShell } from '@/lib/client/settings-context';
import { CURRENCIES, listOf, percentToBp, toMinor } from './money';

/** Territory codes offered as choices (ISO 3166 alpha-2, plus EU and worldwide). */
export const TERRITORIES = ['JP', 'US', 'EU', 'GB', 'CN', 'KR', 'TW', 'HK', 'SG', 'TH', 'WW'] as const;

const FIELDS = [
  'licensee',
  'territory',
  'channels',
  'categories',
  'term_start',
  'term_end',
  'royalty_rate_bp',
  'minimum_guarantee',
  'advance',
  'currency',
  'notes',
] as const;

type Errors = Record<string, string>;

function firstErrorOf(errors: Errors, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
}

/**
 * The license application of DESIGN §6, for a licensee (its organisation fixed or chosen) and
 * for a designer applying on behalf of an organisation. Checked with the License schema from
 * /openapi.json, created, then sent to the reviewers (start_review). The IP's designer is named on
 * the license, so the products made under it go to that designer's review.
 */
export function LicenseApplicationForm({
  ipKey,
  licenseeOptions,
  licenseeKey,
  onCreated,
}: {
  ipKey: string;
  licenseeOptions?: { key: string; name: string }[];
  licenseeKey?: string;
  onCreated(license: Record<string, unknown>): void;
}) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('License', 'Create');
  const { data: ip } = useRecord<Record<string, unknown>>('IP', ipKey);
  const [licensee, setLicensee] = useState(licenseeKey ?? (licenseeOptions?.length === 1 ? licenseeOptions[0]!.key : ''));
  const [territory, setTerritory] = useState<string[]>([]);
  const [channels, setChannels] = useState('');
  const [categories, setCategories] = useState('');
  const [termStart, setTermStart] = useState('');
  const [termEnd, setTermEnd] = useState('');
  const [rate, setRate] = useState('');
  const [minimum, setMinimum] = useState('');
  const [advance, setAdvance] = useState('');
  const [currency, setCurrency] = useState<string>('JPY');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const toggleTerritory = (code: string, on: boolean) =>
    setTerritory((list) => (on ? [...list, code] : list.filter((c) => c !== code)));

  /** What the schema cannot know: the unit conversions and the order of the two dates. */
  const localErrors = (): Errors => {
    const found: Errors = {};
    if (rate.trim() !== '' && percentToBp(rate) === null) found.royalty_rate_bp = t('apply.errors.rate');
    if (toMinor(minimum, currency) === null) found.minimum_guarantee = t('apply.errors.amount');
    if (toMinor(advance, currency) === null) found.advance = t('apply.errors.amount');
    if (termStart && termEnd && termEnd <= termStart) found.term_end = t('apply.errors.termOrder');
    if (!licensee) found.licensee = t('apply.errors.licensee');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setFailure(null);
    const local = localErrors();
    const designer = typeof ip?.designer === 'string' && ip.designer ? ip.designer : undefined;
    const body: Record<string, unknown> = {
      ip: ipKey,
      licensee,
      ...(designer ? { designer } : {}),
      territory,
      channels: listOf(channels),
      categories: listOf(categories),
      term_start: termStart || undefined,
      term_end: termEnd || undefined,
      royalty_rate_bp: rate.trim() === '' ? undefined : (percentToBp(rate) ?? undefined),
      minimum_guarantee: toMinor(minimum, currency) ?? 0,
      advance: toMinor(advance, currency) ?? 0,
      currency,
      notes: notes.trim() ? notes : undefined,
    };
    // The schema check and the local checks together, so every field shows its message at once.
    const check = await checkRecord(schema, body, lang);
    const before = { ...(check.status === 0 ? {} : check.errors), ...local };
    if (Object.keys(before).length > 0) {
      setErrors(before);
      return;
    }
    setPending(true);
    const result = await createEntity<Record<string, unknown>>('License', body, schema, lang, session?.accessToken);
    if (result.status !== 0 || !result.data) {
      setPending(false);
      setErrors(result.errors);
      const fieldErrors = Object.keys(result.errors).some((field) => FIELDS.includes(field.split('.')[0] as never));
      if (!fieldErrors) setFailure(Object.values(result.errors).join(' ') || t('apply.failed'));
      return;
    }
    setErrors({});
    const license = result.data;
    const started = await takeStep('License', String(license.key), 'start_review', undefined, session?.accessToken);
    setPending(false);
    onCreated(started.status === 0 && started.data ? started.data : license);
  };

  const invalid = (field: string) => Boolean(firstErrorOf(errors, field));
  const feedback = (field: string) => (
    <Form.Control.Feedback type="invalid" data-testid={`license-${field}-error`}>
      {firstErrorOf(errors, field)}
    </Form.Control.Feedback>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="license-form">
      {licenseeKey ? null : (
        <Form.Group className="mb-3" controlId="license-licensee">
          <Form.Label>{t('apply.licensee')}</Form.Label>
          <Form.Select
            value={licensee}
            onChange={(e) => setLicensee(e.target.value)}
            isInvalid={invalid('licensee')}
            data-testid="license-licensee"
          >
            <option value="">{t('apply.chooseLicensee')}</option>
            {(licenseeOptions ?? []).map((o) => (
              <option key={o.key} value={o.key}>
                {o.name}
              </option>
            ))}
          </Form.Select>
          {feedback('licensee')}
        </Form.Group>
      )}
      <Form.Group className="mb-3">
        <Form.Label>
          {t('apply.territory')} <span className="text-danger">*</span>
        </Form.Label>
        <div data-testid="license-territory">
          {TERRITORIES.map((code) => (
            <Form.Check
              key={code}
              inline
              type="checkbox"
              id={`license-territory-${code}`}
              label={t(`territory.${code}`)}
              checked={territory.includes(code)}
              onChange={(e) => toggleTerritory(code, e.target.checked)}
              isInvalid={invalid('territory')}
              data-testid={`license-territory-${code}`}
            />
          ))}
        </div>
        {invalid('territory') && (
          <div className="invalid-feedback d-block" data-testid="license-territory-error">
            {firstErrorOf(errors, 'territory')}
          </div>
        )}
      </Form.Group>
      <Row>
        <Form.Group as={Col} md={6} className="mb-3" controlId="license-channels">
          <Form.Label>{t('apply.channels')}</Form.Label>
          <Form.Control
            value={channels}
            onChange={(e) => setChannels(e.target.value)}
            placeholder={t('apply.channelsHint')}
            isInvalid={invalid('channels')}
            data-testid="license-channels"
          />
          {feedback('channels')}
        </Form.Group>
        <Form.Group as={Col} md={6} className="mb-3" controlId="license-categories">
          <Form.Label>{t('apply.categories')}</Form.Label>
          <Form.Control
            value={categories}
            onChange={(e) => setCategories(e.target.value)}
            placeholder={t('apply.categoriesHint')}
            isInvalid={invalid('categories')}
            data-testid="license-categories"
          />
          {feedback('categories')}
        </Form.Group>
      </Row>
      <Row>
        <Form.Group as={Col} md={6} className="mb-3" controlId="license-term-start">
          <Form.Label>
            {t('apply.termStart')} <span className="text-danger">*</span>
          </Form.Label>
          <Form.Control
            type="date"
            value={termStart}
            onChange={(e) => setTermStart(e.target.value)}
            isInvalid={invalid('term_start')}
            data-testid="license-term-start"
          />
          {feedback('term_start')}
        </Form.Group>
        <Form.Group as={Col} md={6} className="mb-3" controlId="license-term-end">
          <Form.Label>
            {t('apply.termEnd')} <span className="text-danger">*</span>
          </Form.Label>
          <Form.Control
            type="date"
            value={termEnd}
            onChange={(e) => setTermEnd(e.target.value)}
            isInvalid={invalid('term_end')}
            data-testid="license-term-end"
          />
          {feedback('term_end')}
        </Form.Group>
      </Row>
      <Row>
        <Form.Group as={Col} md={3} className="mb-3" controlId="license-rate">
          <Form.Label>
            {t('apply.rate')} <span className="text-danger">*</span>
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              inputMode="decimal"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              isInvalid={invalid('royalty_rate_bp')}
              data-testid="license-rate"
            />
            <InputGroup.Text>%</InputGroup.Text>
            {feedback('royalty_rate_bp')}
          </InputGroup>
        </Form.Group>
        <Form.Group as={Col} md={3} className="mb-3" controlId="license-currency">
          <Form.Label>{t('apply.currency')}</Form.Label>
          <Form.Select
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            isInvalid={invalid('currency')}
            data-testid="license-currency"
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Form.Select>
          {feedback('currency')}
        </Form.Group>
        <Form.Group as={Col} md={3} className="mb-3" controlId="license-minimum">
          <Form.Label>{t('apply.minimumGuarantee')}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
              isInvalid={invalid('minimum_guarantee')}
              data-testid="license-minimum"
            />
            <InputGroup.Text>{currency}</InputGroup.Text>
            {feedback('minimum_guarantee')}
          </InputGroup>
        </Form.Group>
        <Form.Group as={Col} md={3} className="mb-3" controlId="license-advance">
          <Form.Label>{t('apply.advance')}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              inputMode="decimal"
              value={advance}
              onChange={(e) => setAdvance(e.target.value)}
              isInvalid={invalid('advance')}
              data-testid="license-advance"
            />
            <InputGroup.Text>{currency}</InputGroup.Text>
            {feedback('advance')}
          </InputGroup>
        </Form.Group>
      </Row>
      <Form.Group className="mb-3" controlId="license-notes">
        <Form.Label>{t('apply.notes')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          isInvalid={invalid('notes')}
          data-testid="license-notes"
        />
        {feedback('notes')}
      </Form.Group>
      <Form.Text muted className="d-block mb-3">
        {t('apply.amountHint')}
      </Form.Text>
      {failure && (
        <Alert variant="danger" className="py-2" data-testid="license-form-error">
          {failure}
        </Alert>
      )}
      <Button type="submit" disabled={pending || !schema} data-testid="license-submit">
        {pending ? t('apply.sending') : t('apply.submit')}
      </Button>
    </Form>
  );
}
