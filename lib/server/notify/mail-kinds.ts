import type { Lang } from '../naming/format';

/**
 * Kinds of notification that ask a person to act (or tell them the outcome of what they asked
 * for); each is mailed as well as shown in the bell, unless the person turned that kind off in
 * their profile. The bell always has them.
 */
export const MAIL_KINDS = [
  'review',
  'changes',
  'decision',
  'overdue',
  'contract',
  'report',
  'invoice',
  'terms',
  'invitation',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(value: string): value is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(value);
}

/** What each kind is called on the profile page. */
export const MAIL_KIND_LABEL: Record<MailKind, Record<Lang, string>> = {
  review: { jp: '審査の依頼', en: 'Review requests' },
  changes: { jp: '修正の依頼', en: 'Changes requested' },
  decision: { jp: '審査の結果', en: 'Review decisions' },
  overdue: { jp: '期限超過のリマインダー', en: 'Overdue reminders' },
  contract: { jp: '署名を待つ契約書', en: 'Contracts to sign' },
  report: { jp: '売上報告の期限', en: 'Sales reports due or late' },
  invoice: { jp: '請求書の確認・支払', en: 'Invoices to confirm or pay' },
  terms: { jp: '利用規約の更新', en: 'Terms updates' },
  invitation: { jp: '招待', en: 'Invitations' },
};
