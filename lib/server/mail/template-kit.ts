import type { z } from 'zod';

export type MailLang = 'jp' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One e-mail template: the variables it takes (a zod schema, so the product API can check a
 * caller's `vars`) and how it renders in each language. HTML is built with `escapeHtml` only.
 */
export interface MailTemplate<S extends z.ZodType = z.ZodType> {
  vars: S;
  render(lang: MailLang, vars: z.output<S>): RenderedMail;
}

/** Keeps the variable type of a template when it is written as an object literal. */
export function defineTemplate<S extends z.ZodType>(template: MailTemplate<S>): MailTemplate<S> {
  return template;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Escaped text with its line breaks kept as <br>. */
export function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>\n');
}

/** The frame every HTML mail shares: a title, the body (already escaped HTML) and a footer line. */
export function htmlFrame(lang: MailLang, title: string, bodyHtml: string, footer: string): string {
  return [
    '<!doctype html>',
    `<html lang="${lang === 'jp' ? 'ja' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.6; color: #222">',
    `<h2 style="font-size: 18px">${escapeHtml(title)}</h2>`,
    `<div>${bodyHtml}</div>`,
    `<hr style="border: none; border-top: 1px solid #ddd"><p style="font-size: 12px; color: #666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
}
