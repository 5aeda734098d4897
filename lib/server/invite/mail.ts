import { formatTime } from '../naming/format';
import type { InviteKind } from './token';

export interface InviteMailVars {
  kind: InviteKind;
  lang: 'jp' | 'en';
  systemTitle: string;
  organisation: string;
  /** The invitation's reference, for the person to quote when they ask about it. */
  reference: string;
  inviter: string;
  link: string;
  expiresAt: Date;
  /** A personal note from the inviter, shown as it was typed. */
  message?: string;
}

export interface InviteMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function lines(v: InviteMailVars): { subject: string; intro: string[]; action: string; outro: string[] } {
  const { organisation: org, inviter, systemTitle: title } = v;
  // Japan time in Japanese, UTC stated in English (lib/server/naming).
  const expiry = formatTime(v.expiresAt, v.lang);
  if (v.lang === 'en') {
    const role =
      v.kind === 'licensee-owner'
        ? `to register ${org} as a licensee and become its owner`
        : `to join ${org} as ${v.kind === 'licensee-staff' ? 'staff' : 'a designer'}`;
    return {
      subject: `[${title}] Invitation: ${org}`,
      intro: [`${inviter} has invited you ${role} on ${title}.`],
      action: 'Accept the invitation',
      outro: [
        `The link can be used once and is valid until ${expiry}.`,
        'If you have no account yet, choose "Create an account" on the sign-in page with this e-mail address.',
        'If you did not expect this invitation, you can ignore this message.',
        `Invitation number: ${v.reference}`,
      ],
    };
  }
  const role =
    v.kind === 'licensee-owner'
      ? `${org} をライセンシーとして登録し、そのオーナーになるよう`
      : `${org} に${v.kind === 'licensee-staff' ? 'スタッフ' : 'デザイナー'}として参加するよう`;
  return {
    subject: `【${title}】${org} へのご招待`,
    intro: [`${inviter} さんから、${title} で${role}招待が届いています。`],
    action: '招待を承諾する',
    outro: [
      `このリンクは一度だけ使用でき、${expiry} まで有効です。`,
      'アカウントをお持ちでない場合は、サインイン画面の「アカウントを作成」からこのメールアドレスで登録してください。',
      'お心当たりのない場合は、このメールを破棄してください。',
      `招待番号: ${v.reference}`,
    ],
  };
}

/** The invitation e-mail in the invitee's language: plain text and the same in HTML (every value escaped). */
export function inviteMail(v: InviteMailVars): InviteMail {
  const l = lines(v);
  const note = v.message?.trim();
  const noteLabel = v.lang === 'en' ? 'Message' : 'メッセージ';
  const text = [...l.intro, '', ...(note ? [`${noteLabel}:`, note, ''] : []), `${l.action}:`, v.link, '', ...l.outro, ''].join(
    '\n',
  );
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    ...l.intro.map(p),
    note ? `<blockquote style="white-space:pre-wrap">${escapeHtml(note)}</blockquote>` : '',
    `<p><a href="${escapeHtml(v.link)}">${escapeHtml(l.action)}</a></p>`,
    `<p style="font-size:small">${escapeHtml(v.link)}</p>`,
    ...l.outro.map(p),
  ]
    .filter(Boolean)
    .join('\n');
  return { subject: l.subject, text, html };
}
