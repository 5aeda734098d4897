import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import BsForm from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { ListTextField } from '@/components/kit/form/ListTextField';
import { MoneyField } from '@/components/kit/form/MoneyField';
import { PercentField } from '@/components/kit/form/PercentField';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TerritoryField } from '@/components/kit/form/TerritoryField';
import { DateField, TextField } from '@/components/kit/form/TextField';
import type { InvalidInput } from '@/components/kit/form/invalid-input';
import { dateOrder } from '@/components/kit/form/checks';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { useRecord } from '@/lib/client/entities';
import { saveEntity } from '@/lib/client/entity-save';
import { takeStep } from '@/lib/client/flow';
import { CURRENCIES } from '@/lib/format/money';

type Amount = number | null | InvalidInput;

const TERM = [
  { name: 'term_start', label: 'apply.termStart', testId: 'license-term-start' },
  { name: 'term_end', label: 'apply.termEnd', testId: 'license-term-end' },
] as const;
interface LicenseValues {
  ip: string;
  designer?: string;
  licensee: string;
  territory: string[];
  channels: string[];
  categories: string[];
  term_start: string;
  term_end: string;
  royalty_rate_bp: Amount;
  minimum_guarantee: Amount;
  advance: Amount;
  currency: string;
  notes: string;
}

/**
 * The license application of DESIGN §6, for a licensee (its organisation fixed or chosen) and
 * for a designer applying on behalf of an organisation. Checked with the License create schema
 * the API parses with, created, then sent to the reviewers (start_review). The IP's designer is
 * named on the license, so the products made under it go to that designer's review.
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
  const { data: session } = useSession();
  const { data: ip } = useRecord<Record<string, unknown>>('IP', ipKey);
  const form = useEntityForm<LicenseValues>(
    'License',
    'create',
    {
      ip: ipKey,
      licensee: licenseeKey ?? (licenseeOptions?.length === 1 ? licenseeOptions[0]!.key : ''),
      territory: [],
      channels: [],
      categories: [],
      term_start: '',
      term_end: '',
      royalty_rate_bp: null,
      minimum_guarantee: 0,
      advance: 0,
      currency: 'JPY',
      notes: '',
    },
    dateOrder<LicenseValues>('term_start', 'term_end'),
  );
  const designer = typeof ip?.designer === 'string' && ip.designer ? ip.designer : undefined;
  useEffect(() => {
    if (designer) form.setValue('designer', designer);
  }, [designer, form]);

  const submit = async (values: LicenseValues) => {
    const token = session?.accessToken;
    const result = await saveEntity<Record<string, unknown>>('License', values as unknown as Record<string, unknown>, { token });
    if (result.status !== 0 || !result.data) {
      showServerErrors(form, result.errors, t('apply.failed'));
      return;
    }
    const license = result.data;
    const started = await takeStep('License', String(license.key), 'start_review', undefined, token);
    onCreated(started.status === 0 && started.data ? started.data : license);
  };

  return (
    <Form form={form} onSubmit={submit} testId="license-form">
      {licenseeKey ? null : (
        <SelectField
          name="licensee"
          label={t('apply.licensee')}
          required
          placeholder={t('apply.chooseLicensee')}
          options={(licenseeOptions ?? []).map((o) => ({ value: o.key, label: o.name }))}
          testId="license-licensee"
        />
      )}
      <TerritoryField name="territory" label={t('apply.territory')} required testId="license-territory" />
      <Row>
        {(['channels', 'categories'] as const).map((name) => (
          <Col md={6} key={name}>
            <ListTextField
              name={name}
              label={t(`apply.${name}`)}
              placeholder={t(`apply.${name}Hint`)}
              testId={`license-${name}`}
            />
          </Col>
        ))}
      </Row>
      <Row>
        {TERM.map(({ name, label, testId }) => (
          <Col md={6} key={name}>
            <DateField name={name} label={t(label)} required testId={testId} />
          </Col>
        ))}
      </Row>
      <Row>
        <Col md={3}>
          <PercentField name="royalty_rate_bp" label={t('apply.rate')} required testId="license-rate" />
        </Col>
        <Col md={3}>
          <SelectField
            name="currency"
            label={t('apply.currency')}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            testId="license-currency"
          />
        </Col>
        <Col md={3}>
          <MoneyField
            name="minimum_guarantee"
            label={t('apply.minimumGuarantee')}
            currency={{ field: 'currency' }}
            testId="license-minimum"
          />
        </Col>
        <Col md={3}>
          <MoneyField name="advance" label={t('apply.advance')} currency={{ field: 'currency' }} testId="license-advance" />
        </Col>
      </Row>
      <TextField name="notes" label={t('apply.notes')} rows={3} testId="license-notes" />
      <BsForm.Text className="d-block mb-3">{t('apply.amountHint')}</BsForm.Text>
      <SubmitButton pending={t('apply.sending')} testId="license-submit">
        {t('apply.submit')}
      </SubmitButton>
    </Form>
  );
}
