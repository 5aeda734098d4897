import enFlow from '../../../locales/en/flow.json';
import jpFlow from '../../../locales/jp/flow.json';
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

const STATE_LABEL: Record<'jp' | 'en', Record<string, string>> = { jp: jpFlow.state, en: enFlow.state };

/**
 * "Not now: it is X; this is done when it is Y", in the reader's language (a resubmission of a
 * permit already back with the reviewers, say); the page may simply be out of date.
 */
function outOfState(at: { state: string; from: readonly string[] }, lang: 'jp' | 'en'): string {
  const label = (state: string) => STATE_LABEL[lang][state] ?? state;
  if (lang === 'jp') {
    const from = at.from.map((s) => `「${label(s)}」`).join('・');
    return `この操作は今の状態（「${label(at.state)}」）では行えません。行えるのは${from}のときです。ページを読み込み直して今の状態を確かめてください。何も変更されていません。`;
  }
  const from = at.from.map((s) => `"${label(s)}"`).join(' or ');
  return `This step cannot be taken while it is "${label(at.state)}"; it can be taken only when it is ${from}. Reload the page to see where it stands. Nothing was changed.`;
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
    case 'wrong_state':
      if (err.at) {
        const text = outOfState(err.at, lang);
        return new AppError('conflict', text, { errors: { state: text } });
      }
      return new AppError('conflict', err.message, { errors: { state: err.message } });
    default:
      return new AppError('conflict', err.message, { errors: { state: err.message } });
  }
}
