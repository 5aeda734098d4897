import { storeCurrentAddress } from './redirect-store';
import { signInOnce } from './sign-in-guard';

export interface Envelope<T> {
  status: number;
  data: T;
}

export type Api = 'core' | 'product';

/** The language of the page in use: its /jp or /en prefix, else <html lang>; null on the server. */
export function pageLanguage(): 'jp' | 'en' | null {
  if (typeof window === 'undefined') return null;
  const segment = window.location.pathname.split('/')[1];
  if (segment === 'jp' || segment === 'en') return segment;
  return document.documentElement.lang === 'en' ? 'en' : 'jp';
}

/** One alert per page, however many core calls fail together. */
let coreAlertShown = false;

/** For tests: a new page. */
export function resetCoreAlert(): void {
  coreAlertShown = false;
}

/** The headers every call sends: JSON, the page's language for messages in answers, the bearer token when given. */
export function requestHeaders(token?: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Messages in answers follow the page's language: its /jp or /en prefix, else <html lang>.
  const lang = pageLanguage();
  if (lang) headers['x-lang'] = lang;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * What the two API clients of SPEC §8 do with an answer, shared by the calls below and the typed
 * client (api.ts): an envelope, or null when the call failed (the reason is logged). A 401 sends
 * the person to sign in (product) or raises one alert (core); 400/409 keep their envelope.
 */
export async function settle<T>(api: Api, label: string, send: () => Promise<Response>): Promise<Envelope<T> | null> {
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    console.error(`[${api}] ${label} failed:`, err);
    return null;
  }
  if (res.status === 401) {
    if (api === 'core') {
      storeCurrentAddress();
      // Marked before the alert: answers that arrive while it is open must not raise a second one.
      if (!coreAlertShown) {
        coreAlertShown = true;
        window.alert('Core API authentication failed.');
      }
    } else {
      // Stores the address too; a second failure right after a sign-in ends on the failure page, never in a loop.
      signInOnce('provider');
    }
    return null;
  }
  if (!res.ok) {
    // Validation answers (400/409) still carry an envelope the caller needs to show per-field errors.
    if (res.status === 400 || res.status === 409) {
      try {
        return (await res.json()) as Envelope<T>;
      } catch {
        return null;
      }
    }
    console.error(`[${api}] ${label} answered ${res.status}`);
    return null;
  }
  try {
    return (await res.json()) as Envelope<T>;
  } catch (err) {
    console.error(`[${api}] ${label} sent no JSON:`, err);
    return null;
  }
}
