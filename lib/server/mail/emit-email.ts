import type { Caller } from '../api/authenticate';
import { fieldError, type Bilingual } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { resolveUser } from '../notify/resolve-user';
import { emitEmailInput } from './inputs';
import { enqueueMail } from './outbox';
import { sendTemplate } from './send-template';
import { isTemplateId, mailTemplates, templateIds, type TemplateId, type TemplateVars } from './templates';

const messages = {
  unknownUser: { jp: 'この利用者は存在しません。', en: 'This user does not exist.' },
  unknownTemplate: { jp: 'このテンプレートはありません。', en: 'There is no such template.' },
  required: { jp: '件名と本文、またはテンプレートを指定してください。', en: 'Give a subject and text, or a template.' },
  both: { jp: 'テンプレートと件名・本文は同時に指定できません。', en: 'Give either a template or a subject and text, not both.' },
  badVar: { jp: 'この値は使用できません。', en: 'This value is not valid.' },
} satisfies Record<string, Bilingual>;

/**
 * POST /api/notify/emit/email (admin and product staff): a templated or free-text e-mail to a
 * user (by sub or e-mail address), queued in the outbox. Answers the outbox key.
 */
export async function emitEmail(
  db: Db,
  caller: Caller,
  body: unknown,
): Promise<{ key: string; to: string; template: string | null }> {
  const input = validateInput(emitEmailInput, body, caller.lang);
  if (input.template && (input.subject || input.text)) {
    throw fieldError(caller.lang, { template: { message: messages.both } });
  }
  if (!input.template && (!input.subject || !input.text)) {
    const missing: Record<string, { message: Bilingual; code: 'required' }> = {};
    if (!input.subject) missing.subject = { message: messages.required, code: 'required' };
    if (!input.text) missing.text = { message: messages.required, code: 'required' };
    throw fieldError(caller.lang, missing);
  }
  if (input.template && !isTemplateId(input.template)) {
    throw fieldError(caller.lang, { template: { message: messages.unknownTemplate } }, { extra: { templates: templateIds() } });
  }
  const user = await resolveUser(db, input.to);
  if (!user) throw fieldError(caller.lang, { to: { message: messages.unknownUser, code: 'key' } });
  const lang = input.lang ?? user.lang;
  if (input.template) {
    const id = input.template as TemplateId;
    const parsed = mailTemplates[id].vars.safeParse(input.vars ?? {});
    if (!parsed.success) {
      const problems: Record<string, { message: Bilingual }> = {};
      for (const issue of parsed.error.issues)
        problems[['vars', ...issue.path.map(String)].join('.')] = { message: messages.badVar };
      throw fieldError(caller.lang, problems);
    }
    const key = await db.transaction((tx) =>
      sendTemplate(tx, { to: user.email, template: id, lang, vars: parsed.data as TemplateVars<typeof id> }),
    );
    return { key, to: user.email, template: id };
  }
  const key = await db.transaction((tx) =>
    enqueueMail(tx as unknown as Db, { to: user.email, subject: input.subject!, text: input.text!, lang }),
  );
  return { key, to: user.email, template: null };
}
