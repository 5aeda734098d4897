import { z } from 'zod';
import { defineTemplate, escapeHtml, htmlFrame, htmlLines } from './template-kit';

const copy = {
  jp: {
    subject: (s: string, site: string) => `【${site}】${s}`,
    open: 'ページを開く',
    footer: (site: string) => `このメールは ${site} から自動送信されています。`,
  },
  en: {
    subject: (s: string, site: string) => `[${site}] ${s}`,
    open: 'Open the page',
    footer: (site: string) => `This message was sent automatically by ${site}.`,
  },
};

/** A notification of the bell, sent by e-mail too (/notify/mail). */
export const notificationTemplates = {
  notification: defineTemplate({
    vars: z
      .object({
        subject: z.string().trim().min(1).max(200),
        content: z.string().max(10_000).default(''),
        site: z.string().max(100).default('IPL'),
        url: z.string().url().max(2000).optional(),
      })
      .strict(),
    render(lang, v) {
      const c = copy[lang];
      const link = v.url ? `\n\n${c.open}: ${v.url}` : '';
      const linkHtml = v.url ? `<p><a href="${escapeHtml(v.url)}">${escapeHtml(c.open)}</a></p>` : '';
      return {
        subject: c.subject(v.subject, v.site),
        text: `${v.subject}\n\n${v.content}${link}\n\n--\n${c.footer(v.site)}`,
        html: htmlFrame(lang, v.subject, `<p>${htmlLines(v.content)}</p>${linkHtml}`, c.footer(v.site)),
      };
    },
  }),
};
