import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { InvitationsTable } from './InvitationsTable';
import { problemOf, sendInvitation, useInvitations, type Problem } from './invite-api';

/**
 * On a licensee admin member page: invite someone (with or without an account) by e-mail as staff
 * or designer of the organisation, and the invitations of that kind still open or expired.
 */
export function MemberInvitations({ licensee, kind }: { licensee: string; kind: 'licensee-staff' | 'licensee-designer' }) {
  const { t } = useTranslation('invite');
  const { lang: pageLang } = useShell();
  const { data: session } = useSession();
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<string>(pageLang);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { data: items, mutate } = useInvitations({ entity: licensee, kind });
  const open = (items ?? []).filter((i) => i.state === 'pending' || i.state === 'expired');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    setNotice(null);
    const answer = await sendInvitation(session?.accessToken, kind, { email: email.trim(), lang, licensee });
    setPending(false);
    if (answer?.status !== 0) {
      setProblem(problemOf(answer, t('failed')));
      return;
    }
    setNotice(t('member.sent', { email: answer.data.email }));
    setEmail('');
    void mutate();
  };

  const fieldProblem = problem?.fields.email ?? problem?.fields.lang ?? problem?.fields.licensee;
  return (
    <section className="mt-4" data-testid="member-invitations" data-kind={kind}>
      <h2 className="h6">{t(`member.title.${kind}`)}</h2>
      <Form noValidate onSubmit={(e) => void submit(e)} className="mb-3" data-testid="member-invite-form">
        <InputGroup hasValidation style={{ maxWidth: 640 }}>
          <Form.Control
            type="email"
            placeholder={t('member.emailPlaceholder')}
            aria-label={t('field.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            isInvalid={Boolean(fieldProblem)}
            data-testid="member-invite-email"
          />
          <Form.Select
            value={lang}
            onChange={(e) => setLang(e.target.value)}
            style={{ maxWidth: 140 }}
            aria-label={t('field.lang')}
            data-testid="member-invite-lang"
          >
            <option value="jp">{t('langName.jp')}</option>
            <option value="en">{t('langName.en')}</option>
          </Form.Select>
          <Button type="submit" disabled={pending || !email.trim()} data-testid="member-invite-submit">
            {pending && <Spinner animation="border" size="sm" className="me-2" />}
            {t('member.submit')}
          </Button>
          <Form.Control.Feedback type="invalid" data-testid="member-invite-error">
            {fieldProblem}
          </Form.Control.Feedback>
        </InputGroup>
        <Form.Text muted className="d-block mt-1">
          {t('member.help')}
        </Form.Text>
        {problem?.message && !fieldProblem && (
          <Alert variant="danger" className="py-2 mt-2" data-testid="member-invite-failed">
            {problem.message}
          </Alert>
        )}
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
