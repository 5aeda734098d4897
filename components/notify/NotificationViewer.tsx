import Link from 'next/link';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { KeyedMutator } from 'swr';
import type { Envelope } from '@/lib/client/fetcher';
import {
  dropNotification,
  fetchNotification,
  manageNotifications,
  type NotificationItem,
  type NotificationList,
} from '@/lib/client/notify';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { NotificationErrorDialog, type NotificationError } from './NotificationErrorDialog';

interface Props {
  show: boolean;
  onHide: () => void;
  list: Envelope<NotificationList> | null | undefined;
  loading: boolean;
  refresh: KeyedMutator<Envelope<NotificationList> | null>;
  live: boolean;
}

/**
 * The notification viewer of SPEC §2: a list 80vh high, newest first; opening one fetches it
 * (/notify/get), shows subject, time and content with its line breaks, and marks it read.
 */
export function NotificationViewer({ show, onHide, list, loading, refresh, live }: Props) {
  const { t } = useTranslation('notify');
  const { settings, lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [open, setOpen] = useState<NotificationItem | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<NotificationError | null>(null);
  const items = list?.status === 0 ? list.data.items : [];
  const unread = list?.status === 0 ? list.data.unread : 0;

  const select = async (key: string) => {
    if (open?.key === key) {
      setOpen(null);
      return;
    }
    setPending(key);
    const fetched = await fetchNotification(settings.coreApiUrl, token, key);
    setPending(null);
    if (fetched.status !== 0 || !fetched.item) {
      setError({ status: fetched.status, response: fetched.response });
      return;
    }
    setOpen(fetched.item);
    if (!fetched.item.read) {
      await manageNotifications(settings.coreApiUrl, token, { action: 'read', keys: [key] });
      void refresh();
    }
  };

  const markAll = async () => {
    setPending('all');
    await manageNotifications(settings.coreApiUrl, token, { action: 'read_all' });
    setPending(null);
    void refresh();
  };

  const markUnread = async (key: string) => {
    await manageNotifications(settings.coreApiUrl, token, { action: 'unread', keys: [key] });
    setOpen(null);
    void refresh();
  };

  const drop = async (key: string) => {
    if (!window.confirm(t('viewer.confirmDelete'))) return;
    await dropNotification(settings.coreApiUrl, token, key);
    setOpen(null);
    void refresh();
  };

  return (
    <>
      <Modal show={show} onHide={onHide} size="lg" data-testid="notify-viewer" aria-labelledby="notify-viewer-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5 d-flex align-items-center gap-2" id="notify-viewer-title">
            {t('viewer.title')}
            {unread > 0 && (
              <Badge bg="danger" pill>
                {t('viewer.unreadSummary', { count: unread })}
              </Badge>
            )}
          </Modal.Title>
        </Modal.Header>
        <div className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom small">
          <span className="text-muted" data-testid="notify-mode">
            {live ? t('viewer.live') : t('viewer.polling')}
          </span>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void markAll()}
            disabled={unread === 0 || pending === 'all'}
            data-testid="notify-mark-all"
          >
            {t('viewer.markAll')}
          </Button>
        </div>
        <div className="notify-list modal-scroll" data-testid="notify-list">
          {loading && !list ? (
            <p className="p-3 text-muted">
              <Spinner as="span" size="sm" className="me-2" />
              {t('viewer.loading')}
            </p>
          ) : list === null || (list && list.status !== 0) ? (
            <p className="p-3 text-danger">{t('viewer.loadFailed')}</p>
          ) : items.length === 0 ? (
            <p className="p-3 text-muted" data-testid="notify-empty">
              {t('viewer.empty')}
            </p>
          ) : (
            <ListGroup variant="flush">
              {items.map((item) => {
                const expanded = open?.key === item.key ? open : null;
                return (
                  <ListGroup.Item key={item.key} className="p-0" data-read={item.read ? 'true' : 'false'}>
                    <button
                      type="button"
                      className="btn btn-link text-start text-decoration-none text-body w-100 px-3 py-2 d-flex gap-2 align-items-start"
                      onClick={() => void select(item.key)}
                      aria-expanded={expanded !== null}
                      data-testid={`notify-item-${item.key}`}
                    >
                      <span className="flex-grow-1">
                        <span className={item.read ? '' : 'fw-bold'}>{item.subject}</span>
                        <span className="d-block small text-muted">{formatDateTime(item.created)}</span>
                      </span>
                      {!item.read && (
                        <Badge bg="primary" pill className="mt-1">
                          {t('viewer.unread')}
                        </Badge>
                      )}
                      {pending === item.key && <Spinner size="sm" />}
                    </button>
                    {expanded && (
                      <div className="px-3 pb-3" data-testid="notify-detail">
                        <h3 className="h6 mb-1">{expanded.subject}</h3>
                        <p className="small text-muted mb-2">
                          {t('viewer.created')}: {formatDateTime(expanded.created, t('viewer.invalidTime'))}
                        </p>
                        {/* Text only (React escapes it); pre-line keeps the line breaks of the content. */}
                        <div
                          style={{ whiteSpace: 'pre-line' }}
                          className="border rounded p-2 bg-light"
                          data-testid="notify-content"
                        >
                          {expanded.content}
                        </div>
                        <div className="d-flex gap-2 mt-2">
                          {expanded.link && (
                            <Link
                              href={`/${lang}${expanded.link}`}
                              className="btn btn-sm btn-primary"
                              onClick={onHide}
                              data-testid="notify-open"
                            >
                              {t('viewer.open')}
                            </Link>
                          )}
                          <Button size="sm" variant="outline-secondary" onClick={() => void markUnread(expanded.key)}>
                            {t('viewer.markUnread')}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline-danger"
                            onClick={() => void drop(expanded.key)}
                            data-testid={`notify-delete-${expanded.key}`}
                          >
                            {t('viewer.delete')}
                          </Button>
                        </div>
                      </div>
                    )}
                  </ListGroup.Item>
                );
              })}
            </ListGroup>
          )}
        </div>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            {t('viewer.close')}
          </Button>
        </Modal.Footer>
      </Modal>
      <NotificationErrorDialog error={error} onClose={() => setError(null)} />
    </>
  );
}
