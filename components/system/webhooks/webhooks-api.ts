import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import type { paths } from '@/lib/client/api-schema';

/** The event names the spec accepts; the form offers the same list (lib/server/webhooks/events.ts). */
type WebhookEventName = NonNullable<
  paths['/api/sys/webhooks']['post']['requestBody']['content']['application/json']['events']
>[number];

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

export function useWebhookCalls() {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return {
    token,
    create: async (values: WebhookCreateValues) => {
      // The form's events are strings from the same list the spec names; the server checks them again.
      const body = values as WebhookCreateValues & { events: WebhookEventName[] };
      const answer = await api.POST('/api/sys/webhooks', { token, body });
      // The spec leaves every field optional; the handler sends them all.
      return answer as Envelope<IssuedWebhookSecret> | null;
    },
    setEnabled: (key: string, enabled: boolean) =>
      api.PATCH('/api/sys/webhooks/{key}', { params: { path: { key } }, token, body: { enabled } }),
    rotate: async (key: string) => {
      const answer = await api.POST('/api/sys/webhooks/{key}/rotate', { params: { path: { key } }, token, body: {} });
      // The spec leaves every field optional; the handler sends them all.
      return answer as Envelope<IssuedWebhookSecret> | null;
    },
    remove: (key: string) => api.DELETE('/api/sys/webhooks/{key}', { params: { path: { key } }, token }),
    replay: (key: string, id: string) =>
      api.POST('/api/sys/webhooks/{key}/deliveries/{id}/replay', { params: { path: { key, id } }, token, body: {} }),
  };
}

export function useWebhookEndpoints() {
  const { token } = useWebhookCalls();
  return useSWR(token ? ['sys-webhooks', token] : null, async () => {
    const answer = await api.GET('/api/sys/webhooks', { token });
    // The spec leaves every field optional; the handler sends them all.
    return answer?.status === 0 ? (answer.data as WebhookEndpointRow[]) : null;
  });
}

export function useWebhookDeliveries(key: string | null, offset: number) {
  const { token } = useWebhookCalls();
  return useSWR(token && key ? ['sys-webhook-deliveries', token, key, offset] : null, async () => {
    const answer = await api.GET('/api/sys/webhooks/{key}/deliveries', {
      params: { path: { key: key! }, query: { limit: DELIVERY_PAGE, offset } },
      token,
    });
    // The spec leaves every field optional; the handler sends them all.
    return answer?.status === 0 ? (answer.data as { items: WebhookDeliveryRow[]; total: number }) : null;
  });
}
