import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import RowGrid from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { text, type Row } from '@/components/flow/approval/subject';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField, type TextInputProps } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { useRecord } from '@/lib/client/entities';
import { saveEntity } from '@/lib/client/entity-save';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { AdminPage } from './AdminPage';
import type { Organisation } from './useOrganisations';

interface Values {
  name: string;
  email: string;
  tel: string;
  country: string;
  address: { city: string; line: string };
  br: string;
  website: string;
  version?: number;
}

function valuesOf(record: Row): Values {
  const address = (record.address ?? {}) as Record<string, unknown>;
  return {
    name: text(record.name),
    email: text(record.email),
    tel: text(record.tel),
    country: text(record.country),
    address: { city: text(address.city), line: text(address.line) },
    br: text(record.br),
    website: text(record.website),
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  };
}

/** The patch body: a field emptied is sent as null (cleared), the address keeps the parts not shown here. */
function bodyOf(values: Values, record: Row): Record<string, unknown> {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const current = (record.address ?? {}) as Record<string, unknown>;
  return {
    name: values.name,
    email: optional(values.email),
    tel: optional(values.tel),
    country: optional(values.country),
    address: {
      ...(typeof current.country === 'string' ? { country: current.country } : {}),
      ...(values.address.city.trim() ? { city: values.address.city.trim() } : {}),
      ...(values.address.line.trim() ? { line: values.address.line.trim() } : {}),
    },
    br: optional(values.br),
    website: optional(values.website),
    // The record's version as it is now (it moves on with each save), not the one the form opened with.
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  };
}

function ProfileForm({ record, editable, onSaved }: { record: Row; editable: boolean; onSaved(): void }) {
  const { t } = useTranslation('licensee');
  const { data: session } = useSession();
  const form = useEntityForm<Values>('Licensee', 'patch', valuesOf(record));
  const [sentTo, setSentTo] = useState<string | null | undefined>(undefined);
  const saved = sentTo !== undefined;
  const pendingEmail = (record.pending_verification as Record<string, string> | undefined)?.email;

  const submit = async () => {
    setSentTo(undefined);
    // The raw values, not the checked ones: the check leaves out emptied fields, which must be cleared.
    const result = await saveEntity<Row>('Licensee', bodyOf(form.getValues(), record), {
      key: text(record.key),
      token: session?.accessToken,
    });
    if (result.status !== 0) {
      showServerErrors(form, result.errors, t('admin.profile.failed'));
      return;
    }
    setSentTo((result.data?.pending_verification as Record<string, string> | undefined)?.email ?? null);
    onSaved();
  };

  const field = (name: string, label: string, md: number, type: TextInputProps['type'] = 'text') => (
    <Col md={md}>
      <TextField name={name} label={t(`admin.profile.${label}`)} type={type} readOnly={!editable} testId={`org-${label}`} />
    </Col>
  );

  return (
    <Form form={form} onSubmit={submit} testId="org-profile-form">
      <RowGrid>
        {field('name', 'name', 8)}
        {field('br', 'br', 4)}
      </RowGrid>
      <RowGrid>
        {field('email', 'email', 6, 'email')}
        {field('tel', 'tel', 6, 'tel')}
      </RowGrid>
      <RowGrid>
        {field('country', 'country', 4)}
        {field('address.city', 'city', 4)}
        {field('website', 'website', 4, 'url')}
      </RowGrid>
      <RowGrid>{field('address.line', 'line', 12)}</RowGrid>
      {pendingEmail && !saved && (
        <Alert variant="info" className="py-2" data-testid="org-email-pending">
          {t('admin.profile.pendingEmail', { email: pendingEmail })}
        </Alert>
      )}
      {saved && (
        <Alert variant="success" className="py-2" data-testid="org-saved">
          {sentTo ? t('admin.profile.savedPending', { email: sentTo }) : t('admin.profile.saved')}
        </Alert>
      )}
      {editable ? (
        <SubmitButton testId="org-save">{t('admin.profile.save')}</SubmitButton>
      ) : (
        <p className="text-muted small mb-0" data-testid="org-readonly">
          {t('admin.profile.readOnly')}
        </p>
      )}
    </Form>
  );
}

/** The organisation's details: owners and admins edit them, other members read them. */
export function OrgProfileView({ title }: ScreenViewProps) {
  return (
    <AdminPage title={title} testId="licensee-admin-profile">
      {(org) => <OrgProfile key={org.key} org={org} />}
    </AdminPage>
  );
}

function OrgProfile({ org }: { org: Organisation }) {
  const { data: record, mutate } = useRecord<Row>('Licensee', org.key);
  if (!record) return <Spinner animation="border" size="sm" />;
  return <ProfileForm key={text(record.key)} record={record} editable={org.manages} onSaved={() => void mutate()} />;
}
