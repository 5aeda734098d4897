import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useController } from 'react-hook-form';
import { useFieldControl } from '@/components/kit/form/field-context';
import { withField } from '@/components/kit/form/with-field';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { GrantForm } from '@/components/system/acl/GrantForm';
import { useEntryWords } from '@/components/system/acl/use-entry-words';
import { CreateCard, createSubmit } from '../CreateCard';
import type { CreateBody, IssuedCredentials } from './service-accounts-api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';

interface CreateValues {
  name: string;
  access: string[];
  externalClientId: string;
}

const EMPTY: CreateValues = { name: '', access: [], externalClientId: '' };

/** The entries chosen so far, each with Remove; the value is the entry list, kept sorted. */
function ChosenEntries({ testId }: { testId?: string }) {
  const { t } = useTranslation('service-accounts');
  const { field } = useFieldControl();
  const { field: bound } = useController({ name: field.name });
  const access = Array.isArray(bound.value) ? (bound.value as string[]) : [];
  const describe = useEntryWords(access);
  if (access.length === 0) {
    return (
      <p className="small text-muted mb-0" data-testid={`${testId}-none`}>
        {t('create.noEntries')}
      </p>
    );
  }
  return (
    <ListGroup data-testid={`${testId}-list`}>
      {access.map((entry) => (
        <ListGroup.Item key={entry} className="d-flex align-items-center justify-content-between py-1" data-entry={entry}>
          <span>
            {describe(entry)} <code className="small text-muted">{entry}</code>
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => bound.onChange(access.filter((e) => e !== entry))}
            aria-label={t('create.removeEntry', { entry: describe(entry) })}
          >
            {t('create.remove')}
          </Button>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}

const ChosenField = withField(ChosenEntries, { group: true });

interface CreateProps {
  onCreate: (values: CreateBody) => Promise<Envelope<IssuedCredentials> | null>;
}

/**
 * A new service account: its name, and its access entries built from the roles and
 * organisations the platform knows (the access page's entry builder), never typed. With an
 * external identity provider, also the client id registered there, which its tokens carry.
 */
export function CreateServiceAccount({ onCreate }: CreateProps) {
  const { t } = useTranslation('service-accounts');
  const external = useShell().settings.externalIdentityProvider;
  const form = useSchemaForm<CreateValues>(
    () => import('@/lib/server/service-accounts/input').then((m) => m.serviceAccountCreateInput),
    EMPTY,
  );
  const access = form.watch('access');

  const add = async (entry: string) => {
    if (!access.includes(entry)) form.setValue('access', [...access, entry].sort(), { shouldValidate: false });
    form.clearErrors('access');
    return null;
  };
  // The embedded provider makes its own client id and refuses one given.
  const submit = createSubmit(form, EMPTY, onCreate, t('create.failed'), ({ externalClientId, ...values }) =>
    external ? { ...values, externalClientId } : values,
  );

  return (
    <CreateCard testId="svc-create" title={t('create.title')} intro={t('create.intro')}>
      <GrantForm onGrant={add} title={t('create.entryTitle')} submitLabel={t('create.addEntry')} />
      <Form form={form} onSubmit={submit} testId="svc-create-form" className="mt-3">
        <ChosenField name="access" label={t('create.chosen')} testId="svc-access" />
        <TextField name="name" label={t('create.name')} help={t('create.nameHelp')} maxLength={100} testId="svc-name" />
        {external && (
          <TextField
            name="externalClientId"
            label={t('create.externalClientId')}
            help={t('create.externalClientIdHelp')}
            maxLength={200}
            required
            testId="svc-external-client-id"
          />
        )}
        <SubmitButton testId="svc-create-submit">{t('create.submit')}</SubmitButton>
      </Form>
    </CreateCard>
  );
}
