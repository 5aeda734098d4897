import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ClientMetadata } from 'oidc-provider';
import { z } from 'zod';
import { parseEntry } from '../../acl/entry';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { serviceAccounts } from '../db/platform-schema';
import { oidcPayloads } from '../db/schema';
import { newKey } from '../keys';
import { forbidden, requireRole } from '../roles/role-lists';
import { newClientId, newSecret, secretDigest } from './credentials';
import { serviceAccountActionInput, serviceAccountCreateInput } from './input';

export { serviceAccountActionInput, serviceAccountCreateInput };

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;

/** A service account as the admin page and the API show it: never its secret or digest. */
export interface ServiceAccountView {
  key: string;
  name: string;
  clientId: string;
  access: string[];
  state: 'active' | 'revoked';
  createdAt: Date;
  createdBy: string;
  rotatedAt: Date | null;
  rotatedBy: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
}

/** The answer to creation and rotation: the only time the secret is ever shown. */
export interface IssuedCredentials {
  account: ServiceAccountView;
  clientSecret: string;
}

/** Path of POST /api/sys/service-accounts/{key}/rotate and …/revoke. */
export const serviceAccountKeyInput = z.object({ key: z.string().trim().min(1).max(64) }).strict();

/** A POST without a body reaches the route as undefined or an empty string. */
function noBody(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

export function viewOf(row: ServiceAccountRow): ServiceAccountView {
  return {
    key: row.key,
    name: row.name,
    clientId: row.clientId,
    access: [...row.access].sort(),
    state: row.revokedAt ? 'revoked' : 'active',
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    rotatedAt: row.rotatedAt,
    rotatedBy: row.rotatedBy,
    revokedAt: row.revokedAt,
    revokedBy: row.revokedBy,
  };
}

/** Managing machine credentials is for administrators in person: a leaked token cannot mint more. */
function requireAdminInPerson(caller: Caller): void {
  if (caller.via === 'service') forbidden();
  requireRole(caller, 'system');
}

export async function listServiceAccounts(db: Db, caller: Caller): Promise<ServiceAccountView[]> {
  requireAdminInPerson(caller);
  const rows = await db.select().from(serviceAccounts).orderBy(desc(serviceAccounts.createdAt));
  // Live accounts first, then the revoked ones kept for the record.
  return rows.map(viewOf).sort((a, b) => Number(a.state === 'revoked') - Number(b.state === 'revoked'));
}

export async function createServiceAccount(db: Db, caller: Caller, body: unknown): Promise<IssuedCredentials> {
  requireAdminInPerson(caller);
  const input = validateInput(serviceAccountCreateInput, body, caller.lang);
  const client = getConfig().aclClient;
  const foreign = input.access.findIndex((entry) => parseEntry(entry)?.client !== client);
  if (foreign >= 0) {
    throw fieldError(caller.lang, {
      [`access.${foreign}`]: {
        message: {
          jp: `このプラットフォームの権限（${client}:…）から選んでください。`,
          en: `Choose an access entry of this platform (${client}:…).`,
        },
      },
    });
  }
  const access = [...new Set(input.access)].sort();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ key: serviceAccounts.key })
      .from(serviceAccounts)
      .where(and(eq(serviceAccounts.name, input.name), isNull(serviceAccounts.revokedAt)));
    if (taken) {
      throw fieldError(
        caller.lang,
        {
          name: {
            message: {
              jp: 'この名前のサービスアカウントがすでにあります。別の名前にしてください。',
              en: 'A service account with this name already exists. Choose another name.',
            },
          },
        },
        { conflict: true },
      );
    }
    const secret = newSecret();
    const [row] = await tx
      .insert(serviceAccounts)
      .values({
        key: newKey(),
        name: input.name,
        clientId: newClientId(),
        secretDigest: secretDigest(secret),
        access,
        createdBy: caller.sub,
      })
      .returning();
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'service.create',
      ref: row!.key,
      data: { account: row!.key, name: row!.name, clientId: row!.clientId, before: [], after: access },
    });
    return { account: viewOf(row!), clientSecret: secret };
  });
}

/** Every token the provider issued to the client ends with the change that ends its secret. */
async function dropTokens(tx: DbOrTx, clientId: string): Promise<void> {
  await tx
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'ClientCredentials'), sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`));
}

async function lockLive(tx: DbOrTx, key: string, lang: Caller['lang']): Promise<ServiceAccountRow> {
  const [row] = await tx.select().from(serviceAccounts).where(eq(serviceAccounts.key, key)).for('update');
  if (!row) throw new AppError('not_found', 'service account not found');
  if (row.revokedAt) {
    throw fieldError(
      lang,
      {
        key: {
          message: {
            jp: 'このサービスアカウントは失効済みです。新しく作成してください。',
            en: 'This service account is revoked. Create a new one.',
          },
        },
      },
      { conflict: true },
    );
  }
  return row;
}

/** A new secret: the old one stops working, and so does every token issued before now. */
export async function rotateServiceAccount(db: Db, caller: Caller, params: unknown, body?: unknown): Promise<IssuedCredentials> {
  requireAdminInPerson(caller);
  const { key } = validateInput(serviceAccountKeyInput, params, caller.lang);
  validateInput(serviceAccountActionInput, noBody(body) ? {} : body, caller.lang);
  return db.transaction(async (tx) => {
    const row = await lockLive(tx, key, caller.lang);
    const secret = newSecret();
    const [updated] = await tx
      .update(serviceAccounts)
      .set({ secretDigest: secretDigest(secret), rotatedAt: new Date(), rotatedBy: caller.sub })
      .where(eq(serviceAccounts.key, row.key))
      .returning();
    await dropTokens(tx, row.clientId);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'service.rotate',
      ref: row.key,
      data: { account: row.key, name: row.name, clientId: row.clientId },
    });
    return { account: viewOf(updated!), clientSecret: secret };
  });
}

/** Revoked for good: no new token, and tokens already issued are refused from this moment. */
export async function revokeServiceAccount(db: Db, caller: Caller, params: unknown, body?: unknown): Promise<ServiceAccountView> {
  requireAdminInPerson(caller);
  const { key } = validateInput(serviceAccountKeyInput, params, caller.lang);
  validateInput(serviceAccountActionInput, noBody(body) ? {} : body, caller.lang);
  return db.transaction(async (tx) => {
    const row = await lockLive(tx, key, caller.lang);
    const [updated] = await tx
      .update(serviceAccounts)
      .set({ revokedAt: new Date(), revokedBy: caller.sub })
      .where(eq(serviceAccounts.key, row.key))
      .returning();
    await dropTokens(tx, row.clientId);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'service.revoke',
      ref: row.key,
      data: { account: row.key, name: row.name, clientId: row.clientId, before: row.access, after: [] },
    });
    return viewOf(updated!);
  });
}

export async function findLiveServiceAccount(db: DbOrTx, clientId: string): Promise<ServiceAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceAccounts)
    .where(and(eq(serviceAccounts.clientId, clientId), isNull(serviceAccounts.revokedAt)));
  return row;
}

/** The provider's view of a live service account: client credentials only, secret as its digest. */
export function clientMetadataOf(row: ServiceAccountRow): ClientMetadata {
  return {
    client_id: row.clientId,
    client_secret: row.secretDigest,
    client_name: row.name,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}
