/** Access tokens issued in-process by the embedded provider, as its token endpoint would. */
import { eq } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { designers } from '@/lib/server/db/entities-schema';
import { getProvider, SCOPES } from '@/lib/server/idp/provider';
import type { Caller } from '@/lib/server/api/authenticate';
import { callerRecord } from '@/lib/server/users/accounts';
import type { Lang } from '@/lib/validation/messages';

export interface IssueOptions {
  /** Lifetime in seconds; negative issues a token that is already expired. */
  expiresIn?: number;
  /** Stamp the token as issued to another client than the platform's own. */
  clientId?: string;
  scope?: string;
}

export async function issueAccessToken(sub: string, options: IssueOptions = {}): Promise<string> {
  const provider = await getProvider();
  const ownClientId = getConfig().oidc.clientId;
  const client = await provider.Client.find(ownClientId);
  if (!client) throw new Error(`embedded client ${ownClientId} not configured`);
  const scope = options.scope ?? SCOPES;
  // A real grant, so the provider's own userinfo endpoint (/me) accepts the token too.
  const grant = new provider.Grant({ accountId: sub, clientId: ownClientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  const token = new provider.AccessToken({
    client,
    accountId: sub,
    grantId,
    scope,
    gty: 'authorization_code',
    ...(options.expiresIn !== undefined ? { expiresIn: options.expiresIn } : {}),
  });
  if (options.clientId) token.clientId = options.clientId;
  return token.save();
}

export async function subOf(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ sub: users.sub }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.sub;
}

/**
 * The designer record a demo designer holds (seeded as the designer application issues it: one
 * per person; designers never create their own).
 */
export async function designerKeyOf(email: string): Promise<string> {
  const db = await getDb();
  const owner = await subOf(email);
  const [row] = await db.select({ key: designers.key }).from(designers).where(eq(designers.owner, owner));
  if (!row) throw new Error(`no designer record for ${email}`);
  return row.key;
}

/** A demo user as a service function sees it called with a bearer token, in `lang`. */
export async function callerOf(email: string, lang: Lang = 'en'): Promise<Caller> {
  const sub = await subOf(email);
  const record = await callerRecord(await getDb(), sub);
  if (!record) throw new Error(`no account for ${email}`);
  return { sub, access: record.access, via: 'bearer', lang };
}
