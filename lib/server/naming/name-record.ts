import { cut, formatMoney, formatPeriod, personName, type Lang, type PersonNames } from './format';
import { KIND_NOUN, type NamedKind } from './kinds';

/**
 * What a record is known by, gathered from it and the records it points at (names, not keys).
 * Every field but `kind` may be missing; the name is then made of what there is.
 */
export interface RecordFacts {
  kind: NamedKind;
  reference?: string | null;
  /** The record's own name: an IP's, a product's (with its SKU in `sku`). */
  name?: string | null;
  sku?: string | null;
  /** The IP it is about: a permit's, a license's, a product's. */
  ip?: string | null;
  /** The licensee organisation on the other side. */
  licensee?: string | null;
  /** The designer on the other side: their creator name, or the applicant as a person. */
  designer?: string | PersonNames | null;
  periodStart?: Date | string | null;
  periodEnd?: Date | string | null;
  amount?: number | null;
  currency?: string | null;
  /** A contract's revision. */
  revision?: number | null;
  /** An invitation's address, an application's applicant. */
  person?: string | PersonNames | null;
  /** What the record itself points at by reference: a payment's invoice. */
  about?: string | null;
}

/** A record's name for one reader: each part on its own, and the whole as one line. */
export interface RecordName {
  kind: NamedKind;
  /** What the kind is called (ライセンス / license). */
  noun: string;
  reference: string | null;
  /** What it is about (an IP's name, a period). */
  title: string;
  /** Who is on the other side (organisation, designer), when someone is. */
  counterparty: string | null;
  /** One more thing that tells it apart (an amount, a revision). */
  detail: string | null;
  /** Reference, title, counterparty and detail in one line, e.g. `LIC-2026-0042 ポテトヒーロー / カルビー商事`. */
  label: string;
}

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

/** A name given as text, or a person named in the reader's order. */
function who(value: string | PersonNames | null | undefined, lang: Lang): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? text(value) : personName(value, lang);
}

function revisionOf(revision: number | null | undefined, lang: Lang): string | null {
  if (!revision) return null;
  return lang === 'jp' ? `第${revision}版` : `revision ${revision}`;
}

function productTitle(facts: RecordFacts): string | null {
  const name = text(facts.name);
  const sku = text(facts.sku);
  if (name && sku && name !== sku) return `${name} (${sku})`;
  return name ?? sku;
}

/** The parts of a name for each kind. Exhaustive: a new kind will not compile until it is named. */
function partsOf(facts: RecordFacts, lang: Lang): { title: string | null; counterparty: string | null; detail: string | null } {
  const period = formatPeriod(facts.periodStart, facts.periodEnd, lang) || null;
  const amount = facts.amount === null || facts.amount === undefined ? null : formatMoney(facts.amount, facts.currency, lang);
  switch (facts.kind) {
    case 'primary_ip':
      return { title: text(facts.name), counterparty: null, detail: null };
    case 'ip':
      return { title: text(facts.name), counterparty: who(facts.designer, lang), detail: null };
    case 'usage':
      return { title: text(facts.ip), counterparty: who(facts.designer, lang), detail: null };
    case 'license':
      return { title: text(facts.ip), counterparty: text(facts.licensee), detail: null };
    case 'contract':
      return { title: text(facts.ip), counterparty: text(facts.licensee), detail: revisionOf(facts.revision, lang) };
    case 'product':
      return { title: productTitle(facts), counterparty: text(facts.licensee), detail: null };
    case 'sales_report':
      return { title: period, counterparty: text(facts.licensee), detail: amount };
    case 'invoice':
      return { title: period, counterparty: text(facts.licensee), detail: amount };
    case 'invitation':
      return { title: text(facts.licensee), counterparty: who(facts.person, lang), detail: null };
    case 'payment':
      return { title: amount, counterparty: text(facts.licensee), detail: text(facts.about) };
    case 'liquid':
      return { title: who(facts.person, lang), counterparty: null, detail: null };
    default: {
      const unnamed: never = facts.kind;
      throw new Error(`no name for records of kind ${String(unnamed)}`);
    }
  }
}

/**
 * The one way a record is named for a person, in the reader's language: its reference, what it is
 * about and who is on the other side. Never a key: with nothing else known it is called by its kind.
 */
export function nameRecord(facts: RecordFacts, lang: Lang): RecordName {
  const noun = KIND_NOUN[facts.kind][lang];
  const reference = text(facts.reference);
  const parts = partsOf(facts, lang);
  const title = cut(parts.title ?? '');
  const counterparty = parts.counterparty ? cut(parts.counterparty) : null;
  const head = [reference, title].filter(Boolean).join(' ');
  const tail = [counterparty, parts.detail].filter(Boolean).join(lang === 'jp' ? '・' : ', ');
  const label = [head || noun, tail].filter(Boolean).join(' / ');
  return { kind: facts.kind, noun, reference, title, counterparty, detail: parts.detail, label };
}
