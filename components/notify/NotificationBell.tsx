import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import { useAfterLoad } from '@/lib/client/after-load';
import { useNotificationList, useUnreadStream } from '@/lib/client/notify';
import { useLatch } from '@/lib/client/use-latch';

// The viewer (a modal, a list, date formatting) is loaded when the bell is first pointed at or
// opened; the count beside the bell needs none of it (DESIGN §10).
const loadViewer = () => import('@/components/notify/NotificationViewer').then((m) => m.NotificationViewer);
const NotificationViewer = dynamic(loadViewer, { ssr: false });

/**
 * The bell of the top bar: the unread count, live over server-sent events (polling every 60 s
 * while the stream is down), and the notification viewer on click.
 */
export function NotificationBell() {
  const { t } = useTranslation('notify');
  const afterLoad = useAfterLoad();
  const stream = useUnreadStream(afterLoad);
  const list = useNotificationList(stream.live, afterLoad);
  const [show, setShow] = useState(false);
  const opened = useLatch(show);
  const { mutate } = list;
  // A pushed count that differs from the list means the list is stale: fetch it again. Not while
  // the list's first answer is on its way: that one is read after the count anyway.
  const listed = list.data?.status === 0 ? list.data.data.unread : null;
  useEffect(() => {
    if (stream.unread !== null && listed !== null && stream.unread !== listed) void mutate();
    // Only a new pushed value triggers a refetch; `listed` catching up must not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stream.unread, mutate]);
  const unread = (stream.live ? stream.unread : null) ?? listed ?? stream.unread ?? 0;
  const label = unread ? t('bellUnread', { count: unread }) : t('bell');
  return (
    <>
      <button
        type="button"
        className="notification-bell btn btn-link p-0 text-reset position-relative"
        data-testid="notify-bell"
        title={label}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setShow(true)}
        onPointerEnter={() => void loadViewer()}
        onFocus={() => void loadViewer()}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        <Badge
          bg="danger"
          pill
          data-testid="notify-count"
          data-live={stream.live ? 'true' : 'false'}
          className={unread ? '' : 'd-none'}
        >
          {unread}
        </Badge>
      </button>
      {opened && (
        <NotificationViewer
          show={show}
          onHide={() => setShow(false)}
          list={list.data}
          loading={list.isLoading}
          refresh={list.mutate}
          live={stream.live}
        />
      )}
    </>
  );
}
