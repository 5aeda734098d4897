import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { useShell } from '@/lib/client/settings-context';
import { InvitationsTable } from './InvitationsTable';
import { languageOptions, problemOf, sendInvitation, useInvitations } from './invite-api';

interface MemberValues {
  email: string;
  lang: 'jp' | 'en';
  licensee: string;
}

/**
 * On a licensee admin member page: invite someone (with or without an account) by e-mail as staff
 * or designer of the organisation, and the invitations of that kind still open or expired.
 */
export function MemberInvitations({ licensee, kind }: { licensee: string; kind: 'licensee-staff' | 'licensee-designer' }) {
  const { t } = useTranslation('invite');
  const { lang } = useShell();
  const { data: session } = useSession();
  const form = useSchemaForm<MemberValues>(() => import('@/lib/server/invite/inputs').then((m) => m.inviteMemberInput), {
    email: '',
    lang,
    licensee,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const { data: items, mutate } = useInvitations({ entity: licensee, kind });
  const open = (items ?? []).filter((i) => i.state === 'pending' || i.state === 'expired');

  const submit = async (values: MemberValues) => {
    setNotice(null);
    const answer = await sendInvitation(session?.accessToken, kind, { ...values });
    if (answer?.status !== 0) {
      const problem = problemOf(answer, t('failed'));
      showServerErrors(form, problem.fields, problem.message ?? t('failed'));
      return;
    }
    setNotice(t('member.sent', { email: answer.data.email }));
    form.reset({ email: '', lang: values.lang, licensee });
    void mutate();
  };

  return (
    <section className="mt-4" data-testid="member-invitations" data-kind={kind}>
      <h2 className="h6">{t(`member.title.${kind}`)}</h2>
      <Form form={form} onSubmit={submit} className="mb-3" testId="member-invite-form">
        <Row className="g-2 align-items-start" style={{ maxWidth: 720 }}>
          <Col sm={7}>
            <TextField
              name="email"
              label={t('field.email')}
              type="email"
              required
              help={t('member.help')}
              placeholder={t('member.emailPlaceholder')}
              testId="member-invite-email"
            />
          </Col>
          <Col sm={3}>
            <SelectField name="lang" label={t('field.lang')} options={languageOptions(t)} testId="member-invite-lang" />
          </Col>
          <Col sm={2} className="pt-sm-4">
            <SubmitButton testId="member-invite-submit">{t('member.submit')}</SubmitButton>
          </Col>
        </Row>
      </Form>
      {notice && (
        <Alert variant="success" className="py-2" dismissible onClose={() => setNotice(null)} data-testid="member-invite-notice">
          {notice}
        </Alert>
      )}
      <h3 className="h6 text-muted">{t('member.openTitle')}</h3>
      <InvitationsTable items={open} onChanged={() => void mutate()} />
    </section>
  );
}
