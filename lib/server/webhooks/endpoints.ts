import { and, count, desc, eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError, type Bilingual } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { jobs, webhookDeliveries, webhookEndpoints } from '../db/platform-schema';
import { webhookDeliverJob } from '../jobs/kinds/webhook-deliver';
import { newKey } from '../keys';
import { forbidden, requireRole } from '../roles/role-lists';
import { resolveTarget, type TargetProblem } from './address';
import {
  webhookActionInput,
  webhookDeliveryKeyInput,
  webhookDeliveryListInput,
  webhookEndpointCreateInput,
  webhookEndpointUpdateInput,
  webhookKeyInput,
} from './input';
import { newWebhookSecret } from './signature';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as the admin page and the API show it: never its secret. */
export interface WebhookEndpointView {
  key: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  createdBy: string;
  dateCreated: Date;
  dateUpdated: Date;
}

/** The answer to creation and rotation: the only time the secret is shown. */
export interface IssuedWebhookSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

export type WebhookDeliveryView = Omit<DeliveryRow, 'payload'> & { payload: Record<string, unknown> };

function viewOf(row: EndpointRow): WebhookEndpointView {
  return {
    key: row.key,
    url: row.url,
    description: row.description,
    events: [...row.events],
    enabled: row.enabled,
    createdBy: row.createdBy,
    dateCreated: row.dateCreated,
    dateUpdated: row.dateUpdated,
  };
}

/** A POST without a body reaches the route as undefined or an empty string. */
function noBody(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

/** Endpoints hold secrets and reach outside: for administrators in person, not for a machine's token. */
function requireAdminInPerson(caller: Caller): void {
  if (caller.via === 'service') forbidden();
  requireRole(caller, 'system');
}

const URL_PROBLEMS: Record<TargetProblem, Bilingual> = {
  scheme: {
    jp: 'http:// または https:// で始まるURLを入力してください。',
    en: 'Enter a URL that starts with http:// or https://.',
  },
  credentials: {
    jp: 'URLにユーザー名やパスワードを含めないでください。',
    en: 'Leave the user name and password out of the URL.',
  },
  private: {
    jp: 'このURLは内部ネットワークのアドレスを指しているため使えません。インターネットから届くURLを入力してください。',
    en: 'This URL points to an internal network address, which is not allowed. Enter a URL reachable from the internet.',
  },
  unresolved: {
    jp: 'このURLのホスト名が見つかりません。綴りを確認してください。',
    en: 'The host name of this URL cannot be found. Check its spelling.',
  },
};

/** The same check each attempt makes, so an admin hears at once of a URL that could never be sent to. */
async function checkUrl(url: string, caller: Caller): Promise<void> {
  const target = await resolveTarget(url, getConfig().webhooks.allowPrivate);
  if (!target.ok) throw fieldError(caller.lang, { url: { message: URL_PROBLEMS[target.problem] } });
}

async function lockEndpoint(tx: Db, key: string): Promise<EndpointRow> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.key, key)).for('update');
  if (!row) throw new AppError('not_found', 'webhook endpoint not found');
  return row;
}

export async function listWebhookEndpoints(db: Db, caller: Caller): Promise<WebhookEndpointView[]> {
  requireAdminInPerson(caller);
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.dateCreated));
  return rows.map(viewOf);
}

export async function createWebhookEndpoint(db: Db, caller: Caller, body: unknown): Promise<IssuedWebhookSecret> {
  requireAdminInPerson(caller);
  const input = validateInput(webhookEndpointCreateInput, body, caller.lang);
  await checkUrl(input.url, caller);
  const secret = newWebhookSecret();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        key: newKey(),
        url: input.url,
        description: input.description,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        secret,
        createdBy: caller.sub,
      })
      .returning();
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'webhook.create',
      ref: row!.key,
      data: { endpoint: row!.key, url: row!.url, enabled: row!.enabled, before: [], after: row!.events },
    });
    return { endpoint: viewOf(row!), secret };
  });
}

export async function updateWebhookEndpoint(
  db: Db,
  caller: Caller,
  params: unknown,
  body: unknown,
): Promise<WebhookEndpointView> {
  requireAdminInPerson(caller);
  const { key } = validateInput(webhookKeyInput, params, caller.lang);
  const input = validateInput(webhookEndpointUpdateInput, body ?? {}, caller.lang);
  if (input.url !== undefined) await checkUrl(input.url, caller);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await lockEndpoint(tx, key);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        dateUpdated: new Date(),
      })
      .where(eq(webhookEndpoints.key, key))
      .returning();
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'webhook.update',
      ref: key,
      data: {
        endpoint: key,
        url: updated!.url,
        ...(input.url !== undefined && input.url !== row.url ? { urlBefore: row.url } : {}),
        enabled: updated!.enabled,
        before: row.events,
        after: updated!.events,
      },
    });
    return viewOf(updated!);
  });
}

/** A new secret: messages from now on are signed with it (the receiver must be given it). */
export async function rotateWebhookSecret(db: Db, caller: Caller, params: unknown, body?: unknown): Promise<IssuedWebhookSecret> {
  requireAdminInPerson(caller);
  const { key } = validateInput(webhookKeyInput, params, caller.lang);
  validateInput(webhookActionInput, noBody(body) ? {} : body, caller.lang);
  const secret = newWebhookSecret();
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await lockEndpoint(tx, key);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ secret, dateUpdated: new Date() })
      .where(eq(webhookEndpoints.key, key))
      .returning();
    await writeAdminLog(tx, { sub: caller.sub, action: 'webhook.rotate', ref: key, data: { endpoint: key, url: row.url } });
    return { endpoint: viewOf(updated!), secret };
  });
}

/** Gone for good; its delivery log stays (messages still queued are marked failed when their turn comes). */
export async function deleteWebhookEndpoint(db: Db, caller: Caller, params: unknown): Promise<{ key: string }> {
  requireAdminInPerson(caller);
  const { key } = validateInput(webhookKeyInput, params, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const row = await lockEndpoint(tx, key);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.key, key));
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'webhook.delete',
      ref: key,
      data: { endpoint: key, url: row.url, before: row.events, after: [] },
    });
    return { key };
  });
}

/** An endpoint's messages, newest first, a page at a time. */
export async function listWebhookDeliveries(
  db: Db,
  caller: Caller,
  params: unknown,
  query: unknown,
): Promise<{ items: WebhookDeliveryView[]; total: number; limit: number; offset: number }> {
  requireAdminInPerson(caller);
  const { key } = validateInput(webhookKeyInput, params, caller.lang);
  const { limit, offset } = validateInput(webhookDeliveryListInput, query ?? {}, caller.lang);
  const where = eq(webhookDeliveries.endpoint, key);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.dateCreated), desc(webhookDeliveries.key))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  if (items.length === 0 && offset === 0) {
    const [endpoint] = await db.select({ key: webhookEndpoints.key }).from(webhookEndpoints).where(eq(webhookEndpoints.key, key));
    if (!endpoint) throw new AppError('not_found', 'webhook endpoint not found');
  }
  return { items, total: total?.n ?? 0, limit, offset };
}

/**
 * Sends a message again under its own id (receivers that already have it see the same
 * webhook-id): a queued one is made due now, any other is queued again with a new job.
 */
export async function replayWebhookDelivery(
  db: Db,
  caller: Caller,
  params: unknown,
  body?: unknown,
): Promise<WebhookDeliveryView> {
  requireAdminInPerson(caller);
  const { key, id } = validateInput(webhookDeliveryKeyInput, params, caller.lang);
  validateInput(webhookActionInput, noBody(body) ? {} : body, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.key, id), eq(webhookDeliveries.endpoint, key)))
      .for('update');
    if (!delivery) throw new AppError('not_found', 'webhook delivery not found');
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.key, key));
    if (!endpoint?.enabled) {
      throw fieldError(
        caller.lang,
        {
          id: {
            message: endpoint
              ? {
                  jp: 'このエンドポイントは無効です。有効にしてから再送してください。',
                  en: 'This endpoint is disabled. Enable it, then replay.',
                }
              : { jp: 'このエンドポイントは削除されています。', en: 'This endpoint has been deleted.' },
          },
        },
        { conflict: true },
      );
    }
    const pending = await tx
      .update(jobs)
      .set({ runAt: new Date(), dateUpdated: new Date() })
      .where(and(eq(jobs.kind, webhookDeliverJob.kind), eq(jobs.subject, id), eq(jobs.state, 'queued')))
      .returning({ key: jobs.key });
    if (pending.length === 0) await webhookDeliverJob.enqueue(tx, { delivery: id });
    const [queued] = await tx
      .update(webhookDeliveries)
      .set({ state: 'queued', deliveredAt: null })
      .where(eq(webhookDeliveries.key, id))
      .returning();
    return queued!;
  });
}
