import { AppError } from '../api/errors';
import type { Bilingual } from '../common/field-error';
import { validationMessage } from '../../validation/messages';
import { FlowError } from './engine';
import type { Actor } from './types';

/**
 * A step a state hook refuses (the license's move to signed without the licensee's e-signature,
 * say). Hooks run inside the transaction without the caller's language, so the message travels
 * in both and the route picks one.
 */
export class StepRefused extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en);
    this.name = 'StepRefused';
  }
}

const WHO: Record<Actor['kind'], Bilingual> = {
  owner: { jp: '申請者本人', en: 'the applicant' },
  holder: { jp: 'ホルダーの担当者', en: "the holder's staff" },
  product: { jp: 'プロダクト担当者', en: 'product staff' },
  admin: { jp: 'システム管理者', en: 'a system administrator' },
  group: { jp: '', en: '' },
  designer: { jp: 'IPのデザイナー', en: "the IP's designer" },
  licensee: { jp: 'ライセンシー組織のオーナー・管理者・スタッフ', en: "the licensee organisation's owners, admins and staff" },
  system: { jp: '', en: '' },
};

const GROUP: Record<string, Bilingual> = {
  legal: { jp: '法務', en: 'legal' },
  brand: { jp: 'ブランド', en: 'brand' },
  cfl: { jp: 'CFL', en: 'CFL' },
  boss: { jp: '決裁者', en: 'the approver in charge' },
};

/** "Only X may take this step", in the reader's language, from the flow's own list of who may. */
function refusal(step: { action: string; by: readonly Actor[] }, lang: 'jp' | 'en'): string {
  const who = step.by
    .map((actor) => (actor.kind === 'group' ? GROUP[actor.group]?.[lang] : WHO[actor.kind][lang]))
    .filter((name): name is string => Boolean(name));
  const list = [...new Set(who)].join(lang === 'jp' ? '、' : ', ');
  if (!list)
    return lang === 'jp'
      ? 'この操作はシステムが自動で行います。手動で行う必要はありません。'
      : 'The system takes this step by itself; nobody needs to take it by hand.';
  return lang === 'jp'
    ? `この操作を行う権限がありません。行えるのは${list}です。必要な場合はその担当者に依頼してください。`
    : `You may not take this step. Only ${list} may; ask them if it is needed.`;
}

/** Engine refusals in the envelope: the message says what is wrong and nothing was changed. */
export function toAppError(err: unknown, lang: 'jp' | 'en'): unknown {
  if (err instanceof StepRefused) return new AppError('conflict', err.text[lang], { errors: { state: err.text[lang] } });
  if (!(err instanceof FlowError)) return err;
  switch (err.reason) {
    case 'unknown_action':
      return new AppError('not_found', err.message);
    case 'not_allowed':
      return new AppError('forbidden', err.step ? refusal(err.step, lang) : err.message);
    case 'not_a_reviewer':
      return new AppError('forbidden', err.message);
    case 'comment_required':
      return new AppError('validation', err.message, {
        errors: { comment: validationMessage({ code: 'required' }, lang) },
        codes: { comment: { code: 'required' } },
      });
    default:
      return new AppError('conflict', err.message, { errors: { state: err.message } });
  }
}
