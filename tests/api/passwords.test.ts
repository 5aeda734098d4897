import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/lib/server/users/password';

describe('scrypt passwords', () => {
  const password = 'correct horse battery staple';

  it('round-trips and rejects a wrong password', async () => {
    const hash = await hashPassword(password);
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('uses the format scrypt$N$r$p$salt$hash and never contains the password', async () => {
    const hash = await hashPassword(password);
    const parts = hash.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(parts[4]).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 bytes of salt, base64url
    expect(parts[5]).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes of hash, base64url
    expect(hash).not.toContain(password);
    expect(hash).not.toContain(Buffer.from(password).toString('base64url'));
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(password, a)).toBe(true);
    expect(await verifyPassword(password, b)).toBe(true);
  });

  it('rejects a tampered hash', async () => {
    const hash = await hashPassword(password);
    const parts = hash.split('$');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tamperedHash = [...parts.slice(0, 5), flip(parts[5]!)].join('$');
    const tamperedSalt = [...parts.slice(0, 4), flip(parts[4]!), parts[5]].join('$');
    const otherScheme = ['bcrypt', ...parts.slice(1)].join('$');
    for (const stored of [tamperedHash, tamperedSalt, otherScheme]) {
      expect(await verifyPassword(password, stored), stored).toBe(false);
    }
  });

  // scrypt's shorter output is a prefix of the longer one: the length is fixed at 32 bytes.
  it('rejects a hash truncated to a prefix', async () => {
    const hash = await hashPassword(password);
    const parts = hash.split('$');
    const truncated = [...parts.slice(0, 5), parts[5]!.slice(0, 20)].join('$');
    expect(await verifyPassword(password, truncated)).toBe(false);
  });

  it('rejects missing or malformed stored values', async () => {
    for (const stored of [null, undefined, '', 'scrypt', 'scrypt$$$$$', password]) {
      expect(await verifyPassword(password, stored)).toBe(false);
    }
  });
});
