import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/page/withPage';
import { useShell } from '@/lib/client/settings-context';
import { InvitationsTable } from './InvitationsTable';
import { problemOf, sendInvitation, useInvitations, type InviteState, type Problem } from './invite-api';

const FIELDS = ['name', 'email', 'lang', 'tel', 'website', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** holder/invite/licensee: invite a new licensee organisation's first owner by e-mail, and follow the invitations sent. */
export function InviteLicenseeView({ title }: ScreenViewProps) {
  const { t } = useTranslation('invite');
  const { lang } = useShell();
  const { data: session } = useSession();
  const empty: Record<Field, string> = { name: '', email: '', lang, tel: '', website: '', message: '' };
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [state, setState] = useState<InviteState | ''>('');
  const { data: items, isLoading, mutate } = useInvitations({ kind: 'licensee-owner', state: state || undefined });

  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    setNotice(null);
    const body: Record<string, string> = {};
    for (const field of FIELDS)
      if (values[field].trim() || field === 'name' || field === 'email') body[field] = values[field].trim();
    const answer = await sendInvitation(session?.accessToken, 'licensee-owner', body);
    setPending(false);
    if (answer?.status !== 0) {
      setProblem(problemOf(answer, t('failed')));
      return;
    }
    setNotice(t('licensee.sent', { email: answer.data.email, name: answer.data.organisation }));
    setValues({ ...empty, lang: values.lang });
    void mutate();
  };

  const invalid = (field: Field) => problem?.fields[field];
  const control = (field: Field, props: Record<string, unknown> = {}) => (
    <Form.Group as={Col} md={props.md ? Number(props.md) : 6} className="mb-3" controlId={`invite-${field}`}>
      <Form.Label>
        {t(`licensee.field.${field}`)}
        {props.required ? <span className="text-danger ms-1">*</span> : null}
      </Form.Label>
      <Form.Control
        type={String(props.type ?? 'text')}
        as={props.as === 'textarea' ? 'textarea' : undefined}
        rows={props.as === 'textarea' ? 3 : undefined}
        value={values[field]}
        onChange={set(field)}
        isInvalid={Boolean(invalid(field))}
        data-testid={`invite-${field}`}
      />
      <Form.Control.Feedback type="invalid" data-testid={`invite-${field}-error`}>
        {invalid(field)}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <div data-testid="invite-licensee">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('licensee.intro')}</p>
      <Card className="mb-4">
        <Card.Body>
          <Form noValidate onSubmit={(e) => void submit(e)} data-testid="invite-form">
            <Row>
              {control('name', { required: true })}
              {control('email', { type: 'email', required: true })}
            </Row>
            <Row>
              <Form.Group as={Col} md={3} className="mb-3" controlId="invite-lang">
                <Form.Label>{t('field.lang')}</Form.Label>
                <Form.Select
                  value={values.lang}
                  onChange={set('lang')}
                  isInvalid={Boolean(invalid('lang'))}
                  data-testid="invite-lang"
                >
                  <option value="jp">{t('langName.jp')}</option>
                  <option value="en">{t('langName.en')}</option>
                </Form.Select>
                <Form.Control.Feedback type="invalid">{invalid('lang')}</Form.Control.Feedback>
              </Form.Group>
              {control('tel', { md: 3 })}
              {control('website')}
            </Row>
            <Row>{control('message', { as: 'textarea', md: 12 })}</Row>
            {problem?.message && !Object.keys(problem.fields).length && (
              <Alert variant="danger" className="py-2" data-testid="invite-error">
                {problem.message}
              </Alert>
            )}
            <Button type="submit" disabled={pending} data-testid="invite-submit">
              {pending && <Spinner animation="border" size="sm" className="me-2" />}
              {t('licensee.submit')}
            </Button>
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
        <Form.Select
          size="sm"
          style={{ maxWidth: 200 }}
          value={state}
          onChange={(e) => setState(e.target.value as InviteState | '')}
          aria-label={t('list.state')}
          data-testid="invite-filter-state"
        >
          <option value="">{t('list.allStates')}</option>
          {(['pending', 'accepted', 'expired', 'revoked'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`state.${s}`)}
            </option>
          ))}
        </Form.Select>
      </div>
      {isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : (
        <InvitationsTable items={items ?? []} showOrganisation onChanged={() => void mutate()} />
      )}
    </div>
  );
}
