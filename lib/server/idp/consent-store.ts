import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { idpConsents } from '../db/schema';

export async function findConsent(accountId: string, clientId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ scope: idpConsents.scope })
    .from(idpConsents)
    .where(and(eq(idpConsents.accountId, accountId), eq(idpConsents.clientId, clientId)));
  return row?.scope;
}

export async function saveConsent(accountId: string, clientId: string, scope: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(idpConsents)
    .values({ accountId, clientId, scope })
    .onConflictDoUpdate({ target: [idpConsents.accountId, idpConsents.clientId], set: { scope } });
}
