import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { enqueueMail } from './outbox';
import type { MailLang } from './template-kit';
import { renderTemplate, type TemplateId, type TemplateVars } from './templates';

export interface TemplateMail<T extends TemplateId> {
  to: string;
  template: T;
  lang: MailLang;
  vars: TemplateVars<T>;
}

/**
 * Renders a template and queues the message in the caller's transaction (see enqueueMail):
 * it goes out only if that transaction commits. Returns the outbox key.
 */
export async function sendTemplate<T extends TemplateId>(tx: DbOrTx, mail: TemplateMail<T>): Promise<string> {
  const rendered = renderTemplate(mail.template, mail.lang, mail.vars);
  return enqueueMail(tx as Db, { to: mail.to, ...rendered, template: mail.template, lang: mail.lang });
}
