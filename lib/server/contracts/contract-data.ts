import { eq, sql } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { ips, licenses } from '../db/entities-schema';
import { contractualTerms, TERMS_DOC_IDS, termsVersionsOf, type TermsVersions } from './terms';

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

type ContractParties = {
  org_name: string | null;
  org_address: { city?: string; country?: string; line?: string } | null;
  org_country: string | null;
  ip_name: string | null;
  ip_image: string | null;
  ip_reference: string | null;
  holder_key: string | null;
  holder_name: string | null;
  owner_lang: string | null;
  terms_docs: Record<string, unknown> | null;
};

/**
 * The licensee, the IP, its holder (the default holder when the IP names none), the licensee
 * owner's language and the terms in force, in one statement: a license's approval asks for its
 * contract inside the approval's transaction, where each further round trip holds its locks longer.
 */
async function partiesOf(db: Db, license: Row): Promise<ContractParties | undefined> {
  const answer = await db.execute<ContractParties>(sql`
    select o.name as org_name, o.address as org_address, o.country as org_country,
           i.name as ip_name, i.images -> 0 ->> 'hash' as ip_image, i.reference as ip_reference,
           h.key as holder_key, h.name as holder_name, u.lang as owner_lang,
           (select json_object_agg(d.id, d.data) from docs d
             where d.name = 'terms' and d.id in (${sql.join(
               TERMS_DOC_IDS.map((id) => sql`${id}`),
               sql`, `,
             )})) as terms_docs
    from (select 1) as one
    left join licensees o on o.key = ${String(license.licensee)}
    left join ips i on i.key = ${String(license.ip)}
    left join holders h on h.key = coalesce(i.holder, (select key from holders where is_default limit 1))
    left join users u on u.sub = o.owner`);
  return answer.rows[0];
}

/** The parties, the IP and the terms of a license as the contract states them, and the contract's language. */
export async function contractDataOf(db: Db, license: Row): Promise<{ terms: ContractTerms; lang: ContractLang }> {
  const parties = await partiesOf(db, license);
  const terms = contractualTerms(license);
  return {
    lang: parties?.owner_lang === 'en' ? 'en' : 'jp',
    terms: {
      license: String(license.key),
      reference: String(license.reference),
      holder: { key: parties?.holder_key ?? null, name: parties?.holder_name ?? '' },
      licensee: {
        key: String(license.licensee),
        name: parties?.org_name ?? '',
        address: addressLine(parties?.org_address, parties?.org_country),
      },
      ip: {
        key: String(license.ip),
        name: parties?.ip_name ?? '',
        image: parties?.ip_image ?? null,
        reference: parties?.ip_reference ?? undefined,
      },
      territory: list(terms.territory),
      channels: list(terms.channels),
      categories: list(terms.categories),
      term_start: String(terms.term_start ?? ''),
      term_end: String(terms.term_end ?? ''),
      royalty_rate_bp: Number(terms.royalty_rate_bp ?? 0),
      minimum_guarantee: Number(terms.minimum_guarantee ?? 0),
      advance: Number(terms.advance ?? 0),
      currency: String(terms.currency ?? 'JPY'),
      termsVersions: termsVersionsOf(new Map(Object.entries(parties?.terms_docs ?? {}))),
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
