import { z } from 'zod';
import { defineTemplate, escapeHtml, htmlFrame, htmlLines } from './template-kit';

const site = z.string().max(100).default('IPL');
const when = z.string().max(100);

const verifyCopy = {
  jp: {
    subject: (s: string) => `【${s}】連絡先メールアドレスの確認`,
    body: (v: { name: string; hours: number }) =>
      `${v.name} の連絡先メールアドレスをこのアドレスに変更する依頼を受け付けました。\n` +
      `下のリンクを開いて確認すると変更が反映されます。確認が済むまでは、これまでのアドレスが使われます。\n` +
      `リンクは${v.hours}時間有効で、一度だけ使えます。心当たりがない場合は、このメールを破棄してください。`,
    open: 'メールアドレスを確認する',
    footer: (s: string) => `このメールは ${s} から自動送信されています。`,
  },
  en: {
    subject: (s: string) => `[${s}] Confirm your contact e-mail address`,
    body: (v: { name: string; hours: number }) =>
      `We received a request to make this address the contact e-mail of ${v.name}.\n` +
      `Open the link below to confirm it; until then the previous address stays in use.\n` +
      `The link works once and for ${v.hours} hours. If you did not ask for this, ignore this message.`,
    open: 'Confirm the e-mail address',
    footer: (s: string) => `This message was sent automatically by ${s}.`,
  },
};

const failureCopy = {
  jp: {
    subject: (s: string) => `【${s}】サインインの失敗が続いています`,
    body: (v: { email: string; failures: number; last: string; sources: string }) =>
      `アカウント ${v.email} へのサインインが、パスワードの誤りで${v.failures}回失敗しました（最後の失敗: ${v.last}、接続元: ${v.sources}）。\n` +
      `失敗が続いた接続元からの試行は、しばらくの間ゆっくりとしか受け付けません。あなたのサインインは、ほかの端末や場所からなら妨げられません。\n` +
      `心当たりがない場合は、パスワードを変更し、管理者に連絡してください。この件についてのお知らせは、次に正しくサインインするまでこの1通だけです。`,
    open: 'サインインする',
    footer: (s: string) => `このメールは ${s} から自動送信されています。`,
  },
  en: {
    subject: (s: string) => `[${s}] Repeated failed sign-ins to your account`,
    body: (v: { email: string; failures: number; last: string; sources: string }) =>
      `Sign-in to ${v.email} failed ${v.failures} times with a wrong password (last at ${v.last}, from ${v.sources}).\n` +
      `Further attempts from the failing sources are slowed down for a while; your own sign-in from another device or place is not held up.\n` +
      `If this was not you, change your password and tell your administrator. This is the only message about it until your next successful sign-in.`,
    open: 'Sign in',
    footer: (s: string) => `This message was sent automatically by ${s}.`,
  },
};

/** Mail about the account's safety: confirming a contact address, repeated failed sign-ins. */
export const securityTemplates = {
  'contact-verify': defineTemplate({
    vars: z
      .object({
        name: z.string().trim().min(1).max(200),
        url: z.string().url().max(2000),
        hours: z
          .number()
          .int()
          .positive()
          .max(24 * 30),
        site,
      })
      .strict(),
    render(lang, v) {
      const c = verifyCopy[lang];
      const body = c.body(v);
      return {
        subject: c.subject(v.site),
        text: `${body}\n\n${c.open}: ${v.url}\n\n--\n${c.footer(v.site)}`,
        html: htmlFrame(
          lang,
          c.subject(v.site),
          `<p>${htmlLines(body)}</p><p><a href="${escapeHtml(v.url)}">${escapeHtml(c.open)}</a></p>`,
          c.footer(v.site),
        ),
      };
    },
  }),
  'login-failures': defineTemplate({
    vars: z
      .object({
        email: z.string().max(254),
        failures: z.number().int().positive(),
        last: when,
        sources: z.string().max(500),
        url: z.string().url().max(2000),
        site,
      })
      .strict(),
    render(lang, v) {
      const c = failureCopy[lang];
      const body = c.body(v);
      return {
        subject: c.subject(v.site),
        text: `${body}\n\n${c.open}: ${v.url}\n\n--\n${c.footer(v.site)}`,
        html: htmlFrame(
          lang,
          c.subject(v.site),
          `<p>${htmlLines(body)}</p><p><a href="${escapeHtml(v.url)}">${escapeHtml(c.open)}</a></p>`,
          c.footer(v.site),
        ),
      };
    },
  }),
};
