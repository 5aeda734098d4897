import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { productApi } from '@/lib/client/fetcher';

/** An endpoint as GET /api/sys/webhooks answers it (dates as JSON strings). */
export interface WebhookEndpointRow {
  key: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  dateCreated: string;
  dateUpdated: string;
}

export interface IssuedWebhookSecret {
  endpoint: WebhookEndpointRow;
  secret: string;
}

export interface WebhookDeliveryRow {
  key: string;
  eventType: string;
  reference: string | null;
  state: 'queued' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  dateCreated: string;
  deliveredAt: string | null;
}

export interface WebhookCreateValues {
  url: string;
  description: string;
  events: string[];
}

export const DELIVERY_PAGE = 20;

const path = (key: string) => `/sys/webhooks/${encodeURIComponent(key)}`;

export function useWebhookCalls() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return {
    token,
    create: (body: WebhookCreateValues) => productApi<IssuedWebhookSecret>('/sys/webhooks', { token, method: 'POST', body }),
    setEnabled: (key: string, enabled: boolean) =>
      productApi<WebhookEndpointRow>(path(key), { token, method: 'PATCH', body: { enabled } }),
    rotate: (key: string) => productApi<IssuedWebhookSecret>(`${path(key)}/rotate`, { token, method: 'POST', body: {} }),
    remove: (key: string) => productApi<{ key: string }>(path(key), { token, method: 'DELETE' }),
    replay: (key: string, id: string) =>
      productApi<WebhookDeliveryRow>(`${path(key)}/deliveries/${encodeURIComponent(id)}/replay`, {
        token,
        method: 'POST',
        body: {},
      }),
  };
}

export function useWebhookEndpoints() {
  const { token } = useWebhookCalls();
  return useSWR(token ? ['sys-webhooks', token] : null, async () => {
    const answer = await productApi<WebhookEndpointRow[]>('/sys/webhooks', { token });
    return answer?.status === 0 ? answer.data : null;
  });
}

export function useWebhookDeliveries(key: string | null, offset: number) {
  const { token } = useWebhookCalls();
  return useSWR(token && key ? ['sys-webhook-deliveries', token, key, offset] : null, async () => {
    const answer = await productApi<{ items: WebhookDeliveryRow[]; total: number }>(
      `${path(key!)}/deliveries?limit=${DELIVERY_PAGE}&offset=${offset}`,
      { token },
    );
    return answer?.status === 0 ? answer.data : null;
  });
}
