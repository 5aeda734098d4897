import type { Bilingual } from '../common/field-error';

/** Refusals of the signing routes, in both interface languages. */
export const contractMessages = {
  shaMismatch: {
    jp: '表示した契約書が最新版ではありません。契約書を開き直してから署名してください。',
    en: 'The contract you reviewed is not the current one. Reopen the contract and sign again.',
  },
  termsChanged: {
    jp: 'ライセンスの条件が変更されたため、これまでの署名は無効になりました。新しい版の契約書を確認してから署名してください。',
    en: 'The license terms changed, so the earlier signatures are void. Review the new revision of the contract, then sign.',
  },
  preparing: {
    jp: '契約書を作成中です。まもなく表示されますので、内容を確認してから署名してください。',
    en: 'The contract is being prepared. It appears shortly; review it, then sign.',
  },
  notYourTurn: {
    jp: 'この契約書は現在あなたの署名を待っていません。',
    en: 'This contract is not waiting for your signature.',
  },
  alreadySigned: {
    jp: 'この当事者はすでに署名しています。',
    en: 'This party has already signed.',
  },
  voided: {
    jp: 'この版の契約書は無効です。最新の版を開いてください。',
    en: 'This revision of the contract is void. Open the current revision.',
  },
  notPng: {
    jp: '署名欄に手書きの署名を描いてください。',
    en: 'Draw your signature in the signature box.',
  },
  emptyName: {
    jp: '署名者の氏名を入力してください。',
    en: 'Type your name.',
  },
  signatureRequired: {
    jp: '契約書への電子署名が必要です。契約書を開いて署名してください（POST /api/pdf/sign/{id}）。',
    en: 'The contract must be signed electronically. Open the contract and sign it (POST /api/pdf/sign/{id}).',
  },
} satisfies Record<string, Bilingual>;
