import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import RowGrid from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { text, type Row } from '@/components/flow/approval/subject';
import { patchEntity, useEntitySchema, useRecord } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { AdminNav, useChosenOrganisation } from './AdminNav';
import { useOrganisations } from './useOrganisations';

type Values = Record<'name' | 'email' | 'tel' | 'country' | 'city' | 'line' | 'br' | 'website', string>;

function valuesOf(record: Row | null | undefined): Values {
  const address = (record?.address ?? {}) as Record<string, unknown>;
  return {
    name: text(record?.name),
    email: text(record?.email),
    tel: text(record?.tel),
    country: text(record?.country),
    city: text(address.city),
    line: text(address.line),
    br: text(record?.br),
    website: text(record?.website),
  };
}

/** Which field's message shows under which input (address parts sit in `address.*`). */
const ERROR_FIELD: Record<keyof Values, string> = {
  name: 'name',
  email: 'email',
  tel: 'tel',
  country: 'country',
  city: 'address.city',
  line: 'address.line',
  br: 'br',
  website: 'website',
};

function ProfileForm({ record, editable, onSaved }: { record: Row; editable: boolean; onSaved(): void }) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('Licensee', 'Patch');
  const [values, setValues] = useState<Values>(valuesOf(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pendingEmail = (record.pending_verification as Record<string, string> | undefined)?.email;

  const set = (field: keyof Values, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setPending(true);
    setOutcome(null);
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    const current = (record.address ?? {}) as Record<string, unknown>;
    const result = await patchEntity<Row>(
      'Licensee',
      text(record.key),
      {
        name: values.name,
        email: optional(values.email),
        tel: optional(values.tel),
        country: optional(values.country),
        address: {
          ...(typeof current.country === 'string' ? { country: current.country } : {}),
          ...(values.city.trim() ? { city: values.city.trim() } : {}),
          ...(values.line.trim() ? { line: values.line.trim() } : {}),
        },
        br: optional(values.br),
        website: optional(values.website),
        ...(typeof record.version === 'number' ? { version: record.version } : {}),
      },
      schema,
      lang,
      session?.accessToken,
    );
    setPending(false);
    setErrors(result.errors);
    if (result.status === 0) {
      setOutcome('saved');
      setSentTo((result.data?.pending_verification as Record<string, string> | undefined)?.email ?? null);
      onSaved();
    } else if (!Object.keys(result.errors).some((f) => Object.values(ERROR_FIELD).includes(f))) {
      setOutcome('failed');
    }
  };

  const field = (name: keyof Values, md: number, type = 'text') => (
    <Form.Group as={Col} md={md} className="mb-3" controlId={`org-${name}`}>
      <Form.Label>{t(`admin.profile.${name}`)}</Form.Label>
      <Form.Control
        type={type}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        readOnly={!editable}
        plaintext={!editable}
        isInvalid={Boolean(errors[ERROR_FIELD[name]])}
        data-testid={`org-${name}`}
      />
      <Form.Control.Feedback type="invalid" data-testid={`org-${name}-error`}>
        {errors[ERROR_FIELD[name]]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="org-profile-form">
      <RowGrid>
        {field('name', 8)}
        {field('br', 4)}
      </RowGrid>
      <RowGrid>
        {field('email', 6, 'email')}
        {field('tel', 6, 'tel')}
      </RowGrid>
      <RowGrid>
        {field('country', 4)}
        {field('city', 4)}
        {field('website', 4, 'url')}
      </RowGrid>
      <RowGrid>{field('line', 12)}</RowGrid>
      {pendingEmail && outcome !== 'saved' && (
        <Alert variant="info" className="py-2" data-testid="org-email-pending">
          {t('admin.profile.pendingEmail', { email: pendingEmail })}
        </Alert>
      )}
      {outcome === 'saved' && (
        <Alert variant="success" className="py-2" data-testid="org-saved">
          {sentTo ? t('admin.profile.savedPending', { email: sentTo }) : t('admin.profile.saved')}
        </Alert>
      )}
      {outcome === 'failed' && (
        <Alert variant="danger" className="py-2" data-testid="org-failed">
          {Object.values(errors).join(' ') || t('admin.profile.failed')}
        </Alert>
      )}
      {editable ? (
        <Button type="submit" disabled={pending || !schema} data-testid="org-save">
          {t('admin.profile.save')}
        </Button>
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
  const { t } = useTranslation('licensee');
  const { organisations, loading } = useOrganisations();
  const { current, choose } = useChosenOrganisation(organisations);
  const { data: record, mutate } = useRecord<Row>('Licensee', current?.key ?? null);
  return (
    <div data-testid="licensee-admin-profile">
      <h1 className="h4 mb-3">{title}</h1>
      <AdminNav organisations={organisations} current={current} onChoose={choose} />
      {loading ? (
        <Spinner animation="border" size="sm" />
      ) : !current ? (
        <Alert variant="warning">{t('admin.noOrganisation')}</Alert>
      ) : !record ? (
        <Spinner animation="border" size="sm" />
      ) : (
        <ProfileForm key={text(record.key)} record={record} editable={current.manages} onSaved={() => void mutate()} />
      )}
    </div>
  );
}
