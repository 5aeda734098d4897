import { useTranslation } from 'next-i18next/pages';
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import type { ExtraCheck } from '@/components/kit/form/resolver';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { FieldError } from '@/lib/validation/messages';
import { ACCESS_KINDS, entryOf, knownRoles, roleKey, type EntryDraft } from './entry-builder';

interface GrantFormProps {
  /** Sends the entry; resolves with the server's field errors, or null when it was granted. */
  onGrant: (entry: string) => Promise<Record<string, string> | null>;
  /** Heading and button when the entry is added to a list rather than granted (service accounts). */
  title?: string;
  submitLabel?: string;
}

type GrantValues = EntryDraft;

const EMPTY: GrantValues = { role: '', access: '', entity: '' };

// The parts as the form holds them; the entry they make is checked by the server's own rule.
const grantParts = z.object({
  access: z.enum(ACCESS_KINDS).optional(),
  role: z.string().max(100).optional(),
  entity: z.string().max(100).optional(),
});

/** A role must be chosen, and an organisation for a role held inside one. */
const choicesMade: ExtraCheck<GrantValues> = (values) => {
  const errors: Record<string, FieldError> = {};
  if (!values.role) errors.role = { code: 'choose' };
  if (values.access && !values.entity) errors.entity = { code: 'choose' };
  return errors;
};

interface Organisation {
  key: string;
  /** A licensee's name; a designer record's `name` is its person's name parts, not shown here. */
  name?: unknown;
  corporate_name?: string | null;
  creator_name?: string;
}

/** A licensee by its name, a design studio by its company (or creator) name. */
function organisationLabel(org: Organisation): string {
  if (typeof org.name === 'string' && org.name) return org.name;
  return org.corporate_name || org.creator_name || org.key;
}

/**
 * Builds one access entry from its parts (client fixed, scope, role, organisation) and grants it.
 * Organisations are picked by their names: an administrator never types a key.
 */
export function GrantForm({ onGrant, title, submitLabel }: GrantFormProps) {
  const { t } = useTranslation('acl');
  const { settings } = useShell();
  const client = settings.aclClient;
  const roles = knownRoles(settings.productKey);
  const form = useSchemaForm<GrantValues>(() => Promise.resolve(grantParts), EMPTY, choicesMade);
  const [access, role, entity] = form.watch(['access', 'role', 'entity']);
  // Another scope offers other roles and organisations: what was chosen for the last one goes.
  useEffect(() => {
    form.setValue('role', '');
    form.setValue('entity', '');
  }, [access, form]);
  const licensees = useEntityQuery<Organisation>('Licensee', access === 'licensee' ? { sort: { name: 1 }, limit: 200 } : null);
  const studios = useEntityQuery<Organisation>(
    'Designer',
    access === 'designer' ? { filter: { role: 'corporate' }, sort: { corporate_name: 1 }, limit: 200 } : null,
  );
  const organisations = (access === 'licensee' ? licensees.data?.items : access === 'designer' ? studios.data?.items : []) ?? [];

  const submit = async (values: GrantValues) => {
    // The checked values leave out what was not chosen (a personal role has no scope).
    const serverErrors = await onGrant(entryOf(client, { ...EMPTY, ...values }));
    if (serverErrors) {
      showServerErrors(form, serverErrors.entry ? { _: serverErrors.entry } : serverErrors, t('grant.failed'));
      return;
    }
    form.reset(EMPTY);
  };

  return (
    <Form form={form} onSubmit={submit} testId="acl-grant-form">
      <h3 className="h6">{title ?? t('grant.title')}</h3>
      <p className="small mb-2">
        {t('grant.client')}: <code>{client}</code>
      </p>
      <Row className="g-2 align-items-start">
        <Col sm={4}>
          <SelectField
            name="access"
            label={t('grant.scope')}
            options={[
              { value: '', label: t('grant.personal') },
              ...ACCESS_KINDS.map((kind) => ({ value: kind, label: t(`grant.within.${kind}`) })),
            ]}
            className="mb-0"
            testId="acl-grant-access"
          />
        </Col>
        <Col sm={4}>
          <SelectField
            name="role"
            label={t('grant.role')}
            placeholder={t('grant.pickRole')}
            options={(access ? roles.scoped : roles.personal).map((value) => ({
              value,
              label: `${t(roleKey(value, settings.productKey), { defaultValue: value, product: settings.productName })} (${value})`,
            }))}
            className="mb-0"
            testId="acl-grant-role"
          />
        </Col>
        {access && (
          <Col sm={4}>
            <SelectField
              name="entity"
              label={t(`grant.entity.${access}`)}
              placeholder={organisations.length ? t('grant.pickOrg') : t('grant.noOrg')}
              options={organisations.map((org) => ({
                value: org.key,
                label: organisationLabel(org),
              }))}
              className="mb-0"
              testId="acl-grant-entity"
            />
          </Col>
        )}
      </Row>
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
        <div className="small">
          {t('grant.preview')}{' '}
          <code data-testid="acl-grant-preview">{role ? entryOf(client, { access, role, entity }) : '—'}</code>
        </div>
        <SubmitButton testId="acl-grant-submit">{submitLabel ?? t('grant.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
