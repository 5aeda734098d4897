import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import { useNotifications } from '@/lib/client/hooks';

/** The bell with the unread count; the viewer dialog and live updates come with notifications. */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const { data } = useNotifications();
  const unread = data?.status === 0 ? data.data.unread : 0;
  return (
    <span
      className="notification-bell"
      data-testid="notification-bell"
      title={unread ? t('notificationsUnread', { count: unread }) : t('notifications')}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {unread > 0 && (
        <Badge bg="danger" pill data-testid="notification-count">
          {unread}
        </Badge>
      )}
      <span className="visually-hidden">{unread ? t('notificationsUnread', { count: unread }) : t('notifications')}</span>
    </span>
  );
}
