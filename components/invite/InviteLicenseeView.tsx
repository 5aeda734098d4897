import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { InstantSelect } from '@/components/kit/form/InstantSelect';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { InvitationsTable } from './InvitationsTable';
import { languageOptions, problemOf, sendInvitation, useInvitations, type InviteState } from './invite-api';

interface InviteValues {
  name: string;
  email: string;
  lang: 'jp' | 'en';
  tel: string;
  website: string;
  message: string;
}

/** holder/invite/licensee: invite a new licensee organisation's first owner by e-mail, and follow the invitations sent. */
export function InviteLicenseeView({ title }: ScreenViewProps) {
  const { t } = useTranslation('invite');
  const { lang } = useShell();
  const { data: session } = useSession();
  const empty: InviteValues = { name: '', email: '', lang, tel: '', website: '', message: '' };
  // The same schema POST /api/invite/licensee-owner parses with.
  const form = useSchemaForm<InviteValues>(
    () => import('@/lib/server/invite/inputs').then((m) => m.inviteLicenseeOwnerInput),
    empty,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [state, setState] = useState<InviteState | ''>('');
  const { data: items, isLoading, mutate } = useInvitations({ kind: 'licensee-owner', state: state || undefined });

  const submit = async (values: InviteValues) => {
    setNotice(null);
    const answer = await sendInvitation(session?.accessToken, 'licensee-owner', { ...values });
    if (answer?.status !== 0) {
      const problem = problemOf(answer, t('failed'));
      showServerErrors(form, problem.fields, problem.message ?? t('failed'));
      return;
    }
    setNotice(t('licensee.sent', { email: answer.data.email, name: answer.data.organisation }));
    form.reset({ ...empty, lang: values.lang });
    void mutate();
  };

  return (
    <div data-testid="invite-licensee">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('licensee.intro')}</p>
      <Card className="mb-4">
        <Card.Body>
          <Form form={form} onSubmit={submit} testId="invite-form">
            <Row>
              <Col md={6}>
                <TextField name="name" label={t('licensee.field.name')} required testId="invite-name" />
              </Col>
              <Col md={6}>
                <TextField name="email" label={t('licensee.field.email')} type="email" required testId="invite-email" />
              </Col>
            </Row>
            <Row>
              <Col md={3}>
                <SelectField name="lang" label={t('field.lang')} options={languageOptions(t)} testId="invite-lang" />
              </Col>
              <Col md={3}>
                <TextField name="tel" label={t('licensee.field.tel')} type="tel" testId="invite-tel" />
              </Col>
              <Col md={6}>
                <TextField name="website" label={t('licensee.field.website')} type="url" testId="invite-website" />
              </Col>
            </Row>
            <TextField name="message" label={t('licensee.field.message')} rows={3} testId="invite-message" />
            <SubmitButton testId="invite-submit">{t('licensee.submit')}</SubmitButton>
          </Form>
          {notice && (
            <Alert
              variant="success"
              className="py-2 mt-3 mb-0"
              dismissible
              onClose={() => setNotice(null)}
              data-testid="invite-notice"
            >
              {notice}
            </Alert>
          )}
        </Card.Body>
      </Card>

      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0 flex-grow-1">{t('licensee.sentTitle')}</h2>
        <InstantSelect
          label={t('list.state')}
          value={state}
          options={[
            { value: '', label: t('list.allStates') },
            ...(['pending', 'accepted', 'expired', 'revoked'] as const).map((s) => ({ value: s, label: t(`state.${s}`) })),
          ]}
          onChoose={(chosen) => setState(chosen as InviteState | '')}
          style={{ maxWidth: 200 }}
          testId="invite-filter-state"
        />
      </div>
      <InvitationsTable items={isLoading ? undefined : (items ?? [])} showOrganisation onChanged={() => void mutate()} />
    </div>
  );
}
