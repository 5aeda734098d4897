import type { Bilingual } from '../common/field-error';

/** Refusals of the notify area, in both interface languages. */
export const notifyMessages = {
  unknownTarget: { jp: 'この利用者は存在しません。', en: 'This user does not exist.' },
  otherTarget: {
    jp: '他の利用者へのお知らせは管理者または担当者のみ作成できます。',
    en: 'Only administrators and product staff can notify other users.',
  },
  noEmail: { jp: 'この利用者にはメールアドレスがありません。', en: 'This user has no e-mail address.' },
} satisfies Record<string, Bilingual>;
