import { eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { holders, ips, licensees, licenses } from '../db/entities-schema';
import { users } from '../db/schema';
import { contractualTerms, termsVersionsInForce, type TermsVersions } from './terms';

export type ContractLang = 'jp' | 'en';

/** What a contract PDF is made from; kept in contracts.terms so every revision can be re-read. */
export interface ContractTerms {
  license: string;
  /** The contract number: its license's reference (LIC-2026-0042), the same in every revision. */
  reference?: string;
  /** A sample contract of the e-signature demo, tied to no real license. */
  demo?: boolean;
  holder: { key: string | null; name: string };
  licensee: { key: string; name: string; address: string };
  ip: { key: string; name: string; image: string | null; reference?: string };
  territory: string[];
  channels: string[];
  categories: string[];
  term_start: string;
  term_end: string;
  royalty_rate_bp: number;
  minimum_guarantee: number;
  advance: number;
  currency: string;
  termsVersions: TermsVersions;
}

type Row = Record<string, unknown>;

export function addressLine(address: unknown, country?: string | null): string {
  const a = (address ?? {}) as { line?: string; city?: string; country?: string };
  return [a.line, a.city, a.country ?? country].filter((p) => typeof p === 'string' && p.trim()).join(', ');
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** The license row (locked for the transaction when asked). */
export async function licenseRow(db: Db, key: string, forUpdate = false): Promise<Row> {
  const query = db.select().from(licenses).where(eq(licenses.key, key)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'license not found');
  return row as Row;
}

/** The parties, the IP and the terms of a license as the contract states them, and the contract's language. */
export async function contractDataOf(db: Db, license: Row): Promise<{ terms: ContractTerms; lang: ContractLang }> {
  const [org] = await db
    .select()
    .from(licensees)
    .where(eq(licensees.key, String(license.licensee)))
    .limit(1);
  const [ip] = await db
    .select()
    .from(ips)
    .where(eq(ips.key, String(license.ip)))
    .limit(1);
  const holderKey = ip?.holder ?? null;
  const [holder] = holderKey
    ? await db.select().from(holders).where(eq(holders.key, holderKey)).limit(1)
    : await db.select().from(holders).where(eq(holders.is_default, true)).limit(1);
  const [owner] = org?.owner ? await db.select({ lang: users.lang }).from(users).where(eq(users.sub, org.owner)).limit(1) : [];
  const terms = contractualTerms(license);
  return {
    lang: owner?.lang === 'en' ? 'en' : 'jp',
    terms: {
      license: String(license.key),
      reference: String(license.reference),
      holder: { key: holder?.key ?? null, name: holder?.name ?? '' },
      licensee: { key: String(license.licensee), name: org?.name ?? '', address: addressLine(org?.address, org?.country) },
      ip: { key: String(license.ip), name: ip?.name ?? '', image: ip?.images?.[0]?.hash ?? null, reference: ip?.reference },
      territory: list(terms.territory),
      channels: list(terms.channels),
      categories: list(terms.categories),
      term_start: String(terms.term_start ?? ''),
      term_end: String(terms.term_end ?? ''),
      royalty_rate_bp: Number(terms.royalty_rate_bp ?? 0),
      minimum_guarantee: Number(terms.minimum_guarantee ?? 0),
      advance: Number(terms.advance ?? 0),
      currency: String(terms.currency ?? 'JPY'),
      termsVersions: await termsVersionsInForce(db),
    },
  };
}

/**
 * A contract's terms with the numbers people read on it: contracts made before references
 * existed kept only keys, so their license's and IP's references are looked up.
 */
export async function withReferences(db: Db, terms: ContractTerms): Promise<ContractTerms & { reference: string }> {
  if (terms.reference && terms.ip?.reference) return { ...terms, reference: terms.reference };
  const [license] = await db
    .select({ reference: licenses.reference })
    .from(licenses)
    .where(eq(licenses.key, terms.license))
    .limit(1);
  const [ip] = terms.ip?.key
    ? await db.select({ reference: ips.reference }).from(ips).where(eq(ips.key, terms.ip.key)).limit(1)
    : [];
  return {
    ...terms,
    reference: terms.reference ?? license?.reference ?? '',
    ip: { ...terms.ip, reference: terms.ip?.reference ?? ip?.reference },
  };
}
