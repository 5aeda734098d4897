import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useFormState } from 'react-hook-form';
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

/** The entries' error (the list, or one entry the server refused), under the list. */
function AccessError() {
  const { errors } = useFormState<CreateValues>();
  const problem = errors.access;
  const message =
    problem?.message ?? (Array.isArray(problem) ? problem.find((e) => e?.message)?.message : undefined) ?? problem?.root?.message;
  if (!message) return null;
  return (
    <div className="invalid-feedback d-block" role="alert" data-testid="svc-access-error">
      {message}
    </div>
  );
}

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
  const describe = useEntryWords(access);

  const add = async (entry: string) => {
    if (!access.includes(entry)) form.setValue('access', [...access, entry].sort(), { shouldValidate: false });
    form.clearErrors('access');
    return null;
  };
  const remove = (entry: string) =>
    form.setValue(
      'access',
      access.filter((e) => e !== entry),
      { shouldValidate: false },
    );

  // The embedded provider makes its own client id and refuses one given.
  const submit = createSubmit(form, EMPTY, onCreate, t('create.failed'), ({ externalClientId, ...values }) =>
    external ? { ...values, externalClientId } : values,
  );

  return (
    <CreateCard testId="svc-create" title={t('create.title')} intro={t('create.intro')}>
      <GrantForm onGrant={add} title={t('create.entryTitle')} submitLabel={t('create.addEntry')} />
      <Form form={form} onSubmit={submit} testId="svc-create-form" className="mt-3">
        <h3 className="h6">{t('create.chosen')}</h3>
        {access.length === 0 ? (
          <p className="small text-muted" data-testid="svc-access-none">
            {t('create.noEntries')}
          </p>
        ) : (
          <ListGroup className="mb-2" data-testid="svc-access-list">
            {access.map((entry) => (
              <ListGroup.Item key={entry} className="d-flex align-items-center justify-content-between py-1" data-entry={entry}>
                <span>
                  {describe(entry)} <code className="small text-muted">{entry}</code>
                </span>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => remove(entry)}
                  aria-label={t('create.removeEntry', { entry: describe(entry) })}
                >
                  {t('create.remove')}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <AccessError />
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
