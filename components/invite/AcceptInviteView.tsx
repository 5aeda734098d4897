import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { signIn, useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { formatTime } from '@/lib/server/naming/format';
import { InviteStateBadge } from './InvitationsTable';
import { acceptInvitation, problemOf, useInvitationPeek } from './invite-api';

/**
 * /invite/accept?token=: what the e-mailed invitation is — who invited you (person and
 * organisation) to which organisation and role, until when — readable before sign-in, with the
 * way to sign in (or create the account) and, once signed in, the button that accepts it; a used,
 * expired or withdrawn link says so and whom to ask. The new
 * role is in the session after a refresh (access entries are read on every session fetch), then
 * the licensee section opens.
 */
export function AcceptInviteView({ title }: ScreenViewProps) {
  const { t } = useTranslation('invite');
  const { lang } = useShell();
  const router = useRouter();
  const { data: session, status, update } = useSession();
  const inviteToken = typeof router.query.token === 'string' ? router.query.token : null;
  const { data: peek, isLoading, mutate } = useInvitationPeek(inviteToken);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const accept = async () => {
    if (!inviteToken) return;
    setPending(true);
    setProblem(null);
    const answer = await acceptInvitation(session?.accessToken, inviteToken);
    if (answer?.status !== 0) {
      setPending(false);
      const p = problemOf(answer, t('failed'));
      setProblem(p.message ?? (Object.values(p.fields).join(' ') || t('failed')));
      void mutate();
      return;
    }
    setDone(true);
    // The session carries the access entries: fetch it again so the licensee menu and pages open.
    await update();
    await router.push(`/${lang}/licensee/list`);
  };

  let body;
  if (!inviteToken || peek === false) {
    body = (
      <Alert variant="danger" data-testid="invite-accept-invalid">
        {t('accept.invalid')}
      </Alert>
    );
  } else if (isLoading || !peek || status === 'loading') {
    body = <Spinner animation="border" size="sm" />;
  } else {
    const signedIn = status === 'authenticated';
    const inviter = peek.inviter || t('accept.someone');
    const names = { organisation: peek.organisation, inviter, inviterOrganisation: peek.inviterOrganisation };
    const what = t(`accept.what.${peek.kind}`, names);
    const expires = formatTime(peek.expiresAt, lang);
    const field = (name: string, value: string) => (
      <>
        <dt className="col-sm-4 text-muted fw-normal">{t(`accept.fields.${name}`)}</dt>
        <dd className="col-sm-8" data-testid={`invite-field-${name}`}>
          {value}
        </dd>
      </>
    );
    body = (
      <Card data-testid="invite-accept-card" data-state={peek.state} style={{ maxWidth: 720 }}>
        <Card.Body>
          <div className="d-flex align-items-center gap-2 mb-3">
            <Card.Title as="h2" className="h5 mb-0" data-testid="invite-accept-organisation">
              {peek.organisation}
            </Card.Title>
            <InviteStateBadge state={peek.state} />
          </div>
          <p data-testid="invite-accept-what">{what}</p>
          <dl className="row small mb-3">
            {field('inviter', t('accept.inviterLine', names))}
            {field('organisation', peek.organisation)}
            {field('role', t(`accept.roles.${peek.role}`))}
            {field('email', peek.email)}
            {field('expires', expires)}
            {field('reference', peek.reference)}
          </dl>
          {peek.state === 'pending' && <p className="small">{t(`accept.after.${peek.kind}`)}</p>}
          {peek.state !== 'pending' && (
            <Alert variant={peek.state === 'accepted' ? 'info' : 'warning'} data-testid="invite-accept-closed">
              {t(`accept.closed.${peek.state}`, { ...names, time: expires })}
            </Alert>
          )}
          {signedIn && peek.state === 'pending' && !peek.emailMatches && (
            <Alert variant="warning" data-testid="invite-accept-wrong-email">
              {t('accept.wrongEmail', { email: peek.email, current: session?.user?.email ?? '' })}
            </Alert>
          )}
          {problem && (
            <Alert variant="danger" className="py-2" data-testid="invite-accept-error">
              {problem}
            </Alert>
          )}
          {!signedIn ? (
            peek.state === 'pending' && (
              <>
                <p className="small" data-testid="invite-sign-in-intro">
                  {t('accept.signInIntro', { email: peek.email })}
                </p>
                {/* Back to this page after the provider, where the invitation is accepted. */}
                <Button onClick={() => void signIn('oidc', { callbackUrl: window.location.href })} data-testid="invite-sign-in">
                  {t('accept.signIn')}
                </Button>
              </>
            )
          ) : done ? (
            <Alert variant="success" className="mb-0" data-testid="invite-accept-done">
              <Spinner animation="border" size="sm" className="me-2" />
              {t('accept.done')}
            </Alert>
          ) : peek.state === 'pending' ? (
            <Button onClick={() => void accept()} disabled={pending || !peek.emailMatches} data-testid="invite-accept">
              {pending && <Spinner animation="border" size="sm" className="me-2" />}
              {t('accept.submit')}
            </Button>
          ) : peek.state === 'accepted' && peek.entity ? (
            <Link href={`/${lang}/licensee/list`} className="btn btn-outline-primary" data-testid="invite-accept-open">
              {t('accept.open')}
            </Link>
          ) : null}
        </Card.Body>
      </Card>
    );
  }

  return (
    <div data-testid="invite-accept-page">
      <h1 className="h4 mb-3">{title}</h1>
      {body}
    </div>
  );
}
