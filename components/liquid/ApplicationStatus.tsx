import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import type { LiquidApplication } from './liquid-api';

/** Where an application stands, its comment, and after issue the way to the designer menu. */
export function ApplicationStatus({ application, isDesigner }: { application: LiquidApplication; isDesigner: boolean }) {
  const { t } = useTranslation('liquid');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const profileUrl = `/${lang}/designer/profile`;

  // A fresh sign-in through the provider replaces the session, with the new role, and opens the profile.
  // (Signing out first would let the page's session guard start its own sign-in back to this page.)
  const signInAgain = () => signIn('oidc', { callbackUrl: profileUrl });

  return (
    <Card className="mb-4" data-testid="liquid-status" data-state={application.state}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <Card.Title as="h2" className="h5 mb-0">
            {t('status.title')}
          </Card.Title>
          <Badge bg={stateVariant(application.state)} data-testid="liquid-state" data-state={application.state}>
            {tf(`state.${application.state}`)}
          </Badge>
        </div>
        <p className="text-muted small mb-2">
          {t('status.appliedAt', { time: formatDateTime(application.dateCreated) })}
          {' · '}
          {t('status.updatedAt', { time: formatDateTime(application.dateUpdated) })}
        </p>
        <p className="mb-2" data-testid="liquid-state-help">
          {t(`status.help.${application.state}`)}
        </p>
        {application.comment && (
          <Alert
            variant={application.state === 'rejected' ? 'danger' : 'secondary'}
            className="py-2"
            data-testid="liquid-comment"
          >
            <strong className="me-2">{t('status.comment')}</strong>
            <span style={{ whiteSpace: 'pre-wrap' }}>{application.comment}</span>
          </Alert>
        )}
        {application.state === 'issued' && (
          <Alert variant="success" className="mb-0" data-testid="liquid-signin-again">
            <p className="mb-2">{t(isDesigner ? 'status.signInAgainIfMissing' : 'status.signInAgain')}</p>
            <div className="d-flex flex-wrap gap-2">
              {isDesigner && (
                <Link href={profileUrl} className="btn btn-primary" data-testid="liquid-open-profile">
                  {t('status.openProfile')}
                </Link>
              )}
              <Button
                variant={isDesigner ? 'outline-primary' : 'primary'}
                onClick={() => void signInAgain()}
                data-testid="liquid-signin-again-button"
              >
                {t('status.signInAgainButton')}
              </Button>
            </div>
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
