import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs ~128 MiB per hash; a sign-in storm on a
// 2-core box would swap, so N=2^15 keeps ~32 MiB and ~60 ms while staying memory-hard.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  // A shorter output is a prefix of the full one: a cut-down hash must never verify.
  if (expected.length !== KEYLEN) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    ![cost.N, cost.r, cost.p].every(Number.isSafeInteger) ||
    cost.N < 2 ** 14 ||
    cost.N > 2 ** 20 ||
    cost.r < 1 ||
    cost.r > 32 ||
    cost.p !== 1
  ) {
    return false;
  }
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), KEYLEN, { ...cost, maxmem: 256 * 1024 * 1024 });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
