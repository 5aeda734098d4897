import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { coreClient, type AnswerData } from './api';
import { pageLanguage, type Envelope } from './fetcher';
import { useShell } from './settings-context';

type SpecNotificationList = AnswerData<'/api/core/notify/list', 'get'>;

/** The spec's notification and `link`, which the server sends and the spec leaves out: where the reader acts on it, a path under /{lang}, or null. */
export type NotificationItem = SpecNotificationList['items'][number] & { link: string | null };

export type NotificationList = Omit<SpecNotificationList, 'items'> & { items: NotificationItem[] };

const POLL_MS = 60_000;

/**
 * The caller's unread count pushed by the server (GET /notify/stream, server-sent events);
 * `live` is false while the stream is down (then callers poll). EventSource reconnects by itself.
 */
export function useUnreadStream(enabled: boolean): { unread: number | null; live: boolean } {
  const { settings } = useShell();
  const [unread, setUnread] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(settings.socketUrl, { withCredentials: true });
      source.addEventListener('open', () => setLive(true));
      source.addEventListener('unread', (event) => {
        try {
          const data = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
          setUnread(data.unread);
          setLive(true);
        } catch {
          // A malformed event is ignored; the next one carries the whole count again.
        }
      });
      source.addEventListener('error', () => {
        setLive(false);
        // A refused stream (401, a proxy without SSE) stays closed: try again later, poll meanwhile.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, POLL_MS);
        }
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, settings.socketUrl]);
  return { unread, live };
}

/** The caller's notifications; polled every 60 s only while the live stream is down. */
export function useNotificationList(live: boolean, enabled = true) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<NotificationList> | null>(
    enabled && token ? ['core', '/notify/list', token] : null,
    async () =>
      // The spec's items lack `link`, which the server sends (string or null) and the viewer links to.
      (await coreClient(settings.coreApiUrl).GET('/api/core/notify/list', { token })) as Envelope<NotificationList> | null,
    { refreshInterval: live ? 0 : POLL_MS },
  );
}

export interface FetchedNotification {
  /** The envelope status, or the HTTP status when the answer had no envelope. */
  status: number;
  item: NotificationItem | null;
  /** The raw answer, shown in the error dialog. */
  response: string;
}

/**
 * GET /notify/get, on fetch itself rather than the typed client: unlike the shared fetcher this keeps a failed answer (SPEC §8: the viewer
 * shows the status and the response of a non-zero status).
 */
export async function fetchNotification(
  coreApiUrl: string,
  token: string | undefined,
  key: string,
): Promise<FetchedNotification> {
  let res: Response;
  try {
    const lang = pageLanguage();
    res = await fetch(`${coreApiUrl}/notify/get?key=${encodeURIComponent(key)}`, {
      headers: {
        accept: 'application/json',
        // The error dialog shows the answer as it is: in the page's language.
        ...(lang ? { 'x-lang': lang } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
    });
  } catch (err) {
    return { status: -1, item: null, response: String(err) };
  }
  const text = await res.text();
  try {
    const envelope = JSON.parse(text) as Envelope<NotificationItem>;
    if (envelope.status === 0 && res.ok) return { status: 0, item: envelope.data, response: text };
    return { status: envelope.status ?? res.status, item: null, response: text };
  } catch {
    return { status: res.status, item: null, response: text };
  }
}

export function manageNotifications(
  coreApiUrl: string,
  token: string | undefined,
  body: { action: 'read' | 'unread' | 'read_all'; keys?: string[] },
) {
  return coreClient(coreApiUrl).POST('/api/core/notify/manage', { token, body });
}

export function dropNotification(coreApiUrl: string, token: string | undefined, key: string) {
  return coreClient(coreApiUrl).POST('/api/core/notify/drop', { token, body: { key } });
}
