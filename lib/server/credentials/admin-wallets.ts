import { count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { credentials } from '../db/platform-schema';
import { selectCredentials, summaryOf, type CredentialSummary } from './wallet';

/** /query/wallet (administrators): every wallet that holds credentials, with how many are live. */
export async function listWallets(db: Db) {
  const rows = await db
    .select({
      holder: credentials.holder,
      email: users.email,
      total: count(),
      active: sql<number>`count(*) filter (where ${credentials.state} = 'active')`.mapWith(Number),
      lastIssuedAt: max(credentials.issuedAt),
    })
    .from(credentials)
    .leftJoin(users, eq(users.sub, credentials.holder))
    .groupBy(credentials.holder, users.email)
    .orderBy(desc(max(credentials.issuedAt)))
    .limit(500);
  return {
    items: rows.map((r) => ({
      holder: r.holder,
      email: r.email,
      total: r.total,
      active: r.active,
      lastIssuedAt: r.lastIssuedAt ? new Date(r.lastIssuedAt).toISOString() : null,
    })),
  };
}

/** /query/wallet/of/{sub} (administrators): the credentials one user holds. */
export async function walletOf(db: Db, sub: unknown): Promise<{ holder: string; items: CredentialSummary[] }> {
  const holder = typeof sub === 'string' ? sub.slice(0, 200) : '';
  const rows = holder ? await selectCredentials(db, eq(credentials.holder, holder)) : [];
  return { holder, items: rows.map((row) => summaryOf(row)) };
}
