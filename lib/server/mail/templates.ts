import type { z } from 'zod';
import { notificationTemplates } from './notification-template';
import { securityTemplates } from './security-template';
import type { MailLang, MailTemplate, RenderedMail } from './template-kit';

/**
 * Every e-mail template, by id. An area adds its own in its own file (`<area>-template.ts`
 * exporting `{ id: defineTemplate(...) }`) and spreads it in here.
 */
export const mailTemplates = {
  ...notificationTemplates,
  ...securityTemplates,
};

export type TemplateId = keyof typeof mailTemplates;
export type TemplateVars<T extends TemplateId> = z.input<(typeof mailTemplates)[T]['vars']>;

export function isTemplateId(id: string): id is TemplateId {
  return Object.hasOwn(mailTemplates, id);
}

export function templateIds(): TemplateId[] {
  return Object.keys(mailTemplates) as TemplateId[];
}

/** Checks the variables against the template's schema (throws a ZodError) and renders. */
export function renderTemplate<T extends TemplateId>(id: T, lang: MailLang, vars: TemplateVars<T>): RenderedMail {
  const template = mailTemplates[id] as MailTemplate;
  return template.render(lang, template.vars.parse(vars));
}
