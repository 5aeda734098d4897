/** Demo accounts and the records the system tests start from, read or written with plain SQL. */
import { newKey } from '../../lib/server/keys';
import { sessionCookie } from './client';
import type { Sql } from './database';

export async function subOf(sql: Sql, email: string): Promise<string> {
  const [row] = await sql.query<{ sub: string }>('select sub from users where email = $1', [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.sub;
}

/** A published primary IP that designers may ask to use. */
export async function publishedIp(sql: Sql, name: string): Promise<string> {
  const key = newKey();
  await sql.query(`insert into ips (key, reference, name, kind, state) values ($1, $2, $3, 'primary', 'published')`, [
    key,
    `SYS-IP-${key.slice(0, 12)}`,
    name,
  ]);
  return key;
}

/** The demo licensee organisation with an active license and an approved product under it. */
export async function licensedProduct(
  sql: Sql,
  ip: string,
): Promise<{ org: string; license: string; product: string; sku: string }> {
  const [org] = await sql.query<{ key: string }>(`select key from licensees where name = 'Demo Snacks Manufacturing Co.'`);
  if (!org) throw new Error('demo licensee missing');
  const license = newKey();
  await sql.query(
    `insert into licenses (key, reference, ip, licensee, state, territory, term_start, term_end, royalty_rate_bp, currency)
     values ($1, $2, $3, $4, 'active', '{JP}', '2026-01-01', '2027-12-31', 1000, 'JPY')`,
    [license, `SYS-LIC-${license.slice(0, 12)}`, ip, org.key],
  );
  const product = newKey();
  const sku = `SKU-${product.slice(0, 8)}`;
  await sql.query(
    `insert into products (key, reference, license, ip, licensee, name, sku, state) values ($1, $2, $3, $4, $5, $6, $7, 'approved')`,
    [product, `SYS-PRD-${product.slice(0, 12)}`, license, ip, org.key, sku, sku],
  );
  return { org: org.key, license, product, sku };
}

/** A license application for the demo organisation, its rate told apart by `n` (load and bench runs make many). */
export function licenseApplication(ip: string, licensee: string, n: number): Record<string, unknown> {
  return {
    ip,
    licensee,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 800 + n,
    currency: 'JPY',
  };
}

/** Session cookies of the demo people the load and bench runs act as, by their role. */
export async function signInDemoPeople(sql: Sql, cookies: Record<string, string>): Promise<void> {
  for (const [who, email] of [
    ['holder', 'holder@example.com'],
    ['brand', 'brand@example.com'],
    ['designer', 'designer@example.com'],
    ['owner', 'licensee@example.com'],
    ['legal', 'legal@example.com'],
    ['cfl', 'cfl@example.com'],
    ['boss', 'boss@example.com'],
  ] as const) {
    cookies[who] = await sessionCookie(await subOf(sql, email));
  }
}

/** The demo licensee organisation (licensee@example.com owns it). */
export async function demoOrganisation(sql: Sql): Promise<string> {
  const [org] = await sql.query<{ key: string }>(
    `select l.key from licensees l join users u on u.sub = l.owner where u.email = 'licensee@example.com' limit 1`,
  );
  if (!org) throw new Error('the demo licensee organisation is missing');
  return org.key;
}
