/**
 * The kinds of record that carry a reference number (`LIC-2026-0042`): what people quote on the
 * phone, in mail and on paper. Each kind has its own counter and its own format; the holder may
 * change the format in Holder.config under `reference.<kind>` (a new format applies to records
 * created afterwards; numbers already given never change and are never given again).
 */
export const REFERENCE_KINDS = [
  'usage',
  'ip',
  'primary_ip',
  'license',
  'product',
  'sales_report',
  'invoice',
  'invitation',
  'payment',
] as const;

export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * `{YYYY}` / `{YY}`: the year of creation in Japan time (the counter restarts each year);
 * `{seq:N}`: the running number, at least N digits. Prefixes are words, so none reads like
 * another aloud (INV invoice, IVT invitation).
 */
export const DEFAULT_REFERENCE_FORMATS: Record<ReferenceKind, string> = {
  usage: 'USE-{YYYY}-{seq:4}',
  ip: 'IP-{YYYY}-{seq:4}',
  primary_ip: 'PIP-{YYYY}-{seq:4}',
  license: 'LIC-{YYYY}-{seq:4}',
  product: 'PRD-{YYYY}-{seq:4}',
  sales_report: 'RPT-{YYYY}-{seq:4}',
  invoice: 'INV-{YYYY}-{seq:4}',
  invitation: 'IVT-{YYYY}-{seq:4}',
  payment: 'PAY-{YYYY}-{seq:4}',
};

/** The Holder.config key holding a kind's format. */
export function referenceConfigKey(kind: ReferenceKind): string {
  return `reference.${kind}`;
}

export function isReferenceKind(value: string): value is ReferenceKind {
  return (REFERENCE_KINDS as readonly string[]).includes(value);
}
