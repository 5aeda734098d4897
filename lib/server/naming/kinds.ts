/**
 * Every kind of record the platform names for a person: in notifications, mail, home cards,
 * queues, logs and PDFs. Adding a kind here without teaching `nameRecord` to name it is a
 * compile-time error (its switch is exhaustive).
 */
export const NAMED_KINDS = [
  'primary_ip',
  'ip',
  'usage',
  'license',
  'contract',
  'product',
  'sales_report',
  'invoice',
  'invitation',
  'payment',
  'liquid',
] as const;

export type NamedKind = (typeof NAMED_KINDS)[number];

/** What each kind is called in a sentence ("license LIC-2026-0042 …"). */
export const KIND_NOUN: Record<NamedKind, { jp: string; en: string }> = {
  primary_ip: { jp: '一次IP', en: 'primary IP' },
  ip: { jp: '二次IP', en: 'secondary IP' },
  usage: { jp: 'IP利用許諾', en: 'usage permit' },
  license: { jp: 'ライセンス', en: 'license' },
  contract: { jp: '契約書', en: 'contract' },
  product: { jp: '商品', en: 'product' },
  sales_report: { jp: '売上報告', en: 'sales report' },
  invoice: { jp: '請求書', en: 'invoice' },
  invitation: { jp: '招待', en: 'invitation' },
  payment: { jp: '支払', en: 'payment' },
  liquid: { jp: 'デザイナー登録申請', en: 'designer application' },
};
