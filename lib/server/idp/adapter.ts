import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { getDb } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { clientMetadataOf, findLiveServiceAccount } from '../service-accounts/accounts';
import { isServiceClientId } from '../service-accounts/credentials';

/** oidc-provider's storage contract over the `oidc_payloads` table, shared by all processes. */
export class DbAdapter implements Adapter {
  constructor(private readonly type: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const db = await getDb();
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      id,
      type: this.type,
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.type, oidcPayloads.id],
        set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
      });
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.type, this.type),
          condition,
          sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string) {
    if (this.type === 'Client') return this.findClient(id);
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  /**
   * Clients beyond the configured ones are the live service accounts, read afresh on every
   * request: a rotated or revoked one fails at the token endpoint at once.
   */
  private async findClient(id: string): Promise<AdapterPayload | undefined> {
    if (!isServiceClientId(id)) return undefined;
    const row = await findLiveServiceAccount(await getDb(), id);
    const metadata = row ? clientMetadataOf(row) : undefined;
    return metadata ? (metadata as AdapterPayload) : undefined;
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  async consume(id: string): Promise<void> {
    const db = await getDb();
    await db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    const db = await getDb();
    await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await getDb();
    await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}
