import type { Bilingual } from '../common/field-error';

/** What a refused payment command says, in both interface languages. */
export const PM = {
  notPayable: (state: string): Bilingual => ({
    jp: `この請求書は入金を記録できる状態ではありません（現在: ${state}）。承認済みの請求書に記録してください。`,
    en: `Payments can only be recorded against an approved invoice (this one is ${state}).`,
  }),
  amount: { jp: '0より大きい金額を入力してください。', en: 'Enter an amount greater than 0.' },
  decimals: (digits: number): Bilingual => ({
    jp: digits === 0 ? 'この通貨では小数は使えません。' : `小数点以下は${digits}桁までです。`,
    en: digits === 0 ? 'This currency has no decimals.' : `At most ${digits} decimal places.`,
  }),
  overpaid: (outstanding: string): Bilingual => ({
    jp: `未収残高（${outstanding}）を超えています。残高以下の金額を入力してください。`,
    en: `This is more than the balance outstanding (${outstanding}). Enter at most the balance.`,
  }),
  future: { jp: '入金日に未来の日付は指定できません。', en: 'The payment date cannot be in the future.' },
  reason: { jp: '取消の理由を入力してください。', en: 'Enter the reason for the reversal.' },
  reversed: { jp: 'この入金はすでに取り消されています。', en: 'This payment has already been reversed.' },
  forbidden: {
    jp: '入金の記録と取消は経理担当（cfl）または管理者のみが行えます。',
    en: 'Only the finance approvers (cfl) or an administrator can record or reverse payments.',
  },
} as const;
