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
import { isServiceClientId, newClientId, newSecret, secretDigest } from './credentials';
import { serviceAccountActionInput, serviceAccountCreateInput } from './input';

export { serviceAccountActionInput, serviceAccountCreateInput };

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;

/** A service account as the admin page and the API show it: never its secret or digest. */
export interface ServiceAccountView {
  key: string;
  name: string;
  clientId: string;
  /** embedded: a client of this platform's provider (secret issued here); external: of OIDC_ISSUER's. */
  provider: 'embedded' | 'external';
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
  /** Null for an external provider's client: its secret is kept by that provider. */
  clientSecret: string | null;
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
    provider: row.secretDigest === null ? 'external' : 'embedded',
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
  const clientId = clientIdFor(input.externalClientId, caller.lang);
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
    if (clientId.external) await refuseBoundClientId(tx, clientId.id, caller.lang);
    const secret = clientId.external ? null : newSecret();
    const [row] = await tx
      .insert(serviceAccounts)
      .values({
        key: newKey(),
        name: input.name,
        clientId: clientId.id,
        secretDigest: secret === null ? null : secretDigest(secret),
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

/**
 * The embedded provider makes the client id; an external one has made it already, and the
 * administrator copies it from there. Either way it is never this platform's own sign-in client,
 * whose tokens every person carries.
 */
function clientIdFor(externalClientId: string | undefined, lang: Caller['lang']): { id: string; external: boolean } {
  const { oidc } = getConfig();
  if (oidc.embedded) {
    if (externalClientId === undefined) return { id: newClientId(), external: false };
    throw fieldError(lang, {
      externalClientId: {
        message: {
          jp: 'このプラットフォームの認証基盤がクライアント ID を発行します。入力せずに作成してください。',
          en: "This platform's own sign-in provider issues the client id. Leave it empty and create the account.",
        },
      },
    });
  }
  if (!externalClientId) {
    throw fieldError(lang, {
      externalClientId: {
        message: {
          jp: '認証基盤（OIDC_ISSUER）でこの連携用に登録したクライアントの ID を入力してください。',
          en: 'Enter the id of the client registered for this integration at your identity provider (OIDC_ISSUER).',
        },
        code: 'required',
      },
    });
  }
  if (externalClientId === oidc.clientId || isServiceClientId(externalClientId)) {
    throw fieldError(lang, {
      externalClientId: {
        message: {
          jp: 'これはプラットフォームへのサインインに使うクライアントです。連携専用に登録したクライアントの ID を入力してください。',
          en: 'This is the client people sign in with. Enter the id of a client registered for this integration only.',
        },
      },
    });
  }
  return { id: externalClientId, external: true };
}

async function refuseBoundClientId(tx: DbOrTx, clientId: string, lang: Caller['lang']): Promise<void> {
  if (!(await findLiveServiceAccount(tx, clientId))) return;
  throw fieldError(
    lang,
    {
      externalClientId: {
        message: {
          jp: 'このクライアント ID はすでに別のサービスアカウントに結び付いています。そちらを失効させるか、別のクライアントを登録してください。',
          en: 'This client id is already bound to another service account. Revoke that one, or register another client.',
        },
      },
    },
    { conflict: true },
  );
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
    if (row.secretDigest === null) {
      throw fieldError(
        caller.lang,
        {
          key: {
            message: {
              jp: 'このクライアントのシークレットは外部の認証基盤が管理しています。そちらでローテーションしてください。',
              en: 'Your identity provider keeps this client’s secret. Rotate it there.',
            },
          },
        },
        { conflict: true },
      );
    }
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

/**
 * The embedded provider's view of a live service account: client credentials only, secret as its
 * digest. None for an external provider's client, which has no secret here to check.
 */
export function clientMetadataOf(row: ServiceAccountRow): ClientMetadata | undefined {
  if (row.secretDigest === null) return undefined;
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
