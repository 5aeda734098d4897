import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/page/withPage';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { InviteStateBadge } from './InvitationsTable';
import { acceptInvitation, problemOf, useInvitationPeek } from './invite-api';

/**
 * /invite/accept?token=: what the e-mailed invitation is, and the button that accepts it. The new
 * role is in the session after a refresh (access entries are read on every session fetch), then
 * the licensee section opens.
 */
export function AcceptInviteView({ title }: ScreenViewProps) {
  const { t } = useTranslation('invite');
  const { lang } = useShell();
  const router = useRouter();
  const { data: session, update } = useSession();
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
  } else if (isLoading || !peek) {
    body = <Spinner animation="border" size="sm" />;
  } else {
    const what = t(`accept.what.${peek.kind}`, { organisation: peek.organisation, inviter: peek.inviter || t('accept.someone') });
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
          <p className="text-muted small mb-3">
            {t('accept.sentTo', { email: peek.email })}
            {peek.state === 'pending' && <> · {t('accept.validUntil', { time: formatDateTime(peek.expiresAt) })}</>}
          </p>
          {peek.state === 'pending' && <p className="small">{t(`accept.after.${peek.kind}`)}</p>}
          {peek.state !== 'pending' && (
            <Alert variant={peek.state === 'accepted' ? 'info' : 'warning'} data-testid="invite-accept-closed">
              {t(`accept.closed.${peek.state}`)}
            </Alert>
          )}
          {peek.state === 'pending' && !peek.emailMatches && (
            <Alert variant="warning" data-testid="invite-accept-wrong-email">
              {t('accept.wrongEmail', { email: peek.email, current: session?.user?.email ?? '' })}
            </Alert>
          )}
          {problem && (
            <Alert variant="danger" className="py-2" data-testid="invite-accept-error">
              {problem}
            </Alert>
          )}
          {done ? (
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
