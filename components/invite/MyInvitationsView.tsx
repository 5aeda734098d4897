import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { formatDateTime } from '@/lib/format/time';
import { useMyInvitations } from './invite-api';

/**
 * /invite: invitations waiting for the signed-in person's address. Accepting needs the link of
 * the e-mail (it proves the mailbox), so each entry says where that e-mail went.
 */
export function MyInvitationsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('invite');
  const { data: session } = useSession();
  const { data: items, isLoading } = useMyInvitations();
  const email = session?.user?.email ?? '';
  return (
    <div data-testid="my-invitations">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('mine.intro', { email })}</p>
      {isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : !items?.length ? (
        <p className="text-muted" data-testid="my-invitations-empty">
          {t('mine.empty')}
        </p>
      ) : (
        <ListGroup style={{ maxWidth: 760 }}>
          {items.map((item) => (
            <ListGroup.Item key={item.key} data-testid="my-invitation" data-kind={item.kind}>
              <div className="fw-semibold">
                {item.organisation} <span className="ms-2 small text-muted">{item.reference}</span>
              </div>
              <div>
                {t(`accept.what.${item.kind}`, { organisation: item.organisation, inviter: item.inviter || t('accept.someone') })}
              </div>
              <div className="text-muted small">
                {t('mine.sentAt', { time: formatDateTime(item.dateCreated) })} ·{' '}
                {t('accept.validUntil', { time: formatDateTime(item.expiresAt) })}
              </div>
              <div className="small mt-1">{t('mine.howTo', { email: item.email })}</div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
