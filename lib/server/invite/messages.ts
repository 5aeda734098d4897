import type { Bilingual } from '../common/field-error';

/** Answers of the invitation calls, in both interface languages. */
export const inviteMessages = {
  used: { jp: 'この招待はすでに使用されています。', en: 'This invitation has already been used.' },
  expired: { jp: 'この招待の有効期限が切れています。', en: 'This invitation has expired.' },
  revoked: { jp: 'この招待は取り消されました。', en: 'This invitation was withdrawn.' },
  unknown: { jp: 'この招待リンクは無効です。', en: 'This invitation link is not valid.' },
  wrongEmail: {
    jp: 'この招待は別のメールアドレス宛てです。招待メールを受け取ったアドレスでサインインしてください。',
    en: 'This invitation was sent to another e-mail address. Please sign in with the address that received it.',
  },
  pendingExists: {
    jp: 'このアドレスへの招待はすでに送信済みです。一覧から再送してください。',
    en: 'An invitation to this address is already pending. Resend it from the list instead.',
  },
  alreadyMember: {
    jp: 'このアドレスの方はすでに組織のメンバーです。',
    en: 'The person with this address is already a member of the organisation.',
  },
  notPending: {
    jp: '承諾済みまたは取り消し済みの招待は再送できません。',
    en: 'An invitation that was accepted or withdrawn cannot be resent.',
  },
} satisfies Record<string, Bilingual>;
