import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import useSWR from 'swr';
import { CheckField } from '@/components/kit/form/CheckField';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { useFlash } from '@/components/kit/dialogs/use-flash';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { LoadingPage } from '@/components/kit/shell/LoadingPage';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api, errorsOf, type AnswerData } from '@/lib/client/api';
import type { HolderSettingsInput } from '@/lib/server/holder/settings-input';
import { REFERENCE_KINDS, type ReferenceKind } from '@/lib/server/refs/kinds';

type Settings = AnswerData<'/api/holder/settings', 'get'>;

/** The form holds what was typed: numbers as text until the schema reads them. */
interface SettingsValues {
  registration_number: string;
  issuer_address: string;
  bank_account: string;
  invoice_due_days: string;
  sales_due_days: string;
  allow_current_period: boolean;
  review_sla_business_days: string;
  references: Record<ReferenceKind, string>;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

function valuesOf(s: Settings): SettingsValues {
  return {
    registration_number: s.registration_number,
    issuer_address: s.issuer_address,
    bank_account: s.bank_account,
    invoice_due_days: asText(s.invoice_due_days),
    sales_due_days: asText(s.sales_due_days),
    allow_current_period: s.allow_current_period,
    review_sla_business_days: asText(s.review_sla_business_days),
    references: Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, s.references[kind] ?? ''])) as Record<
      ReferenceKind,
      string
    >,
  };
}

/**
 * The holder's settings in one form (GET and PUT /api/holder/settings): what its invoices print
 * and when they are due, when sales reports are due, how long reviewers have, and the formats of
 * reference numbers. An empty box is the default, which each box shows.
 */
export function HolderSettingsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-admin');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const { data, error, mutate } = useSWR(token ? ['holder-settings', token] : null, async () => {
    const answer = await api.GET('/api/holder/settings', { token });
    if (answer?.status !== 0) throw new Error('not loaded');
    return answer.data;
  });
  return (
    <section>
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{t('settings.intro')}</p>
      {error ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : !data ? (
        <LoadingPage />
      ) : (
        <SettingsForm settings={data} token={token} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      )}
    </section>
  );
}

function SettingsForm({
  settings,
  token,
  onSaved,
}: {
  settings: Settings;
  token: string | undefined;
  onSaved(saved: Settings): void;
}) {
  const { t } = useTranslation('holder-admin');
  const { flash, done, clear, setFlash } = useFlash();
  const form = useSchemaForm<SettingsValues>(
    () => import('@/lib/server/holder/settings-input').then((m) => m.holderSettingsInput),
    valuesOf(settings),
  );
  const save = async (values: SettingsValues) => {
    clear();
    // The resolver hands on what the schema read: empty boxes left out (their defaults), numbers as numbers.
    const answer = await api.PUT('/api/holder/settings', { body: values as unknown as HolderSettingsInput, token });
    if (answer?.status !== 0) {
      const errors = errorsOf(answer);
      // Without per-field messages the form's own failure says it, above the button.
      showServerErrors(form, errors, t('settings.saveFailed'));
      if (Object.keys(errors).length) setFlash({ variant: 'danger', text: t('settings.saveFailed') });
      return;
    }
    const unchanged = answer.data.version === settings.version;
    form.reset(valuesOf(answer.data));
    onSaved(answer.data);
    done(t(unchanged ? 'settings.unchanged' : 'settings.saved'));
  };
  const days = (count: number) => t('settings.defaultDays', { count });
  return (
    <Form form={form} onSubmit={save} testId="holder-settings-form">
      <FlashNotice flash={flash} onClose={clear} testId="holder-settings-flash" />
      <fieldset className="mb-4">
        <legend className="h5">{t('settings.invoices')}</legend>
        {settings.registration_number_unusable && (
          <Alert variant="warning" data-testid="holder-settings-unusable">
            {t('settings.registrationNumberUnusable', { number: settings.registration_number })}
          </Alert>
        )}
        <TextField
          name="registration_number"
          label={t('settings.registrationNumber')}
          help={t('settings.registrationNumberHelp')}
          autoComplete="off"
          maxLength={20}
          className="mb-3 col-md-6"
          testId="holder-settings-registration"
        />
        <TextField
          name="issuer_address"
          label={t('settings.issuerAddress')}
          help={t('settings.issuerAddressHelp')}
          rows={2}
          maxLength={300}
          className="mb-3"
          testId="holder-settings-address"
        />
        <TextField
          name="bank_account"
          label={t('settings.bankAccount')}
          help={t('settings.bankAccountHelp')}
          rows={2}
          maxLength={300}
          className="mb-3"
          testId="holder-settings-bank"
        />
        <TextField
          name="invoice_due_days"
          label={t('settings.invoiceDueDays')}
          help={days(settings.defaults.invoice_due_days)}
          inputMode="numeric"
          className="mb-3 col-md-4"
          testId="holder-settings-invoice-due"
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">{t('settings.salesReports')}</legend>
        <TextField
          name="sales_due_days"
          label={t('settings.salesDueDays')}
          help={days(settings.defaults.sales_due_days)}
          inputMode="numeric"
          className="mb-3 col-md-4"
          testId="holder-settings-sales-due"
        />
        <CheckField name="allow_current_period" label={t('settings.allowCurrentPeriod')} testId="holder-settings-current" />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">{t('settings.reviews')}</legend>
        <TextField
          name="review_sla_business_days"
          label={t('settings.slaDays')}
          help={t('settings.slaDaysHelp', { count: settings.defaults.review_sla_business_days })}
          inputMode="numeric"
          className="mb-3 col-md-4"
          testId="holder-settings-sla"
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">{t('settings.references')}</legend>
        <p className="form-text mt-0">{t('settings.referencesHelp')}</p>
        <div className="row">
          {REFERENCE_KINDS.map((kind) => (
            <TextField
              key={kind}
              name={`references.${kind}`}
              label={t(`settings.kind.${kind}`)}
              placeholder={settings.defaults.references[kind]}
              autoComplete="off"
              maxLength={40}
              className="mb-3 col-md-6 col-xl-4"
              testId={`holder-settings-ref-${kind}`}
            />
          ))}
        </div>
      </fieldset>
      <SubmitButton pending={t('settings.saving')} testId="holder-settings-save">
        {t('settings.save')}
      </SubmitButton>
    </Form>
  );
}
