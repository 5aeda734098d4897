/**
 * The ID token's `name` claim is ordered by the person's locale (issue #19): family name first
 * for a jp account, given name first for an en one; given_name and family_name stay as stored.
 * The platform's own client is first-party, any other client is not.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { fullName } from '@/lib/format/person-name';
import { findAccount, isFirstParty } from '@/lib/server/idp/provider';
import { subOf } from './tokens';

async function claimsOf(sub: string): Promise<Record<string, unknown>> {
  const account = await findAccount(undefined, sub);
  return account!.claims();
}

beforeAll(async () => {
  await ensureReady();
});

describe('names in the reader’s order', () => {
  it('formats family name first on jp, given name first on en', () => {
    expect(fullName({ first: '太郎', last: '山田' }, 'jp')).toBe('山田 太郎');
    expect(fullName({ first: 'Taro', last: 'Yamada' }, 'en')).toBe('Taro Yamada');
    expect(fullName({ first: '', last: '山田' }, 'en')).toBe('山田');
    expect(fullName({ first: null, last: null }, 'jp')).toBe('');
  });

  it('puts the name claim in the account’s locale order', async () => {
    const db = await getDb();
    const sub = await subOf('designer@example.com');
    await db.update(users).set({ firstName: '翔', lastName: '創作', lang: 'jp' }).where(eq(users.sub, sub));
    expect(await claimsOf(sub)).toMatchObject({ name: '創作 翔', given_name: '翔', family_name: '創作', locale: 'ja' });
    await db.update(users).set({ firstName: 'Sho', lastName: 'Sosaku', lang: 'en' }).where(eq(users.sub, sub));
    expect(await claimsOf(sub)).toMatchObject({ name: 'Sho Sosaku', given_name: 'Sho', family_name: 'Sosaku', locale: 'en' });
  });

  it('treats only the platform’s own client as first-party', () => {
    expect(isFirstParty(getConfig().oidc.clientId)).toBe(true);
    expect(isFirstParty('partner-portal')).toBe(false);
  });
});
