import { AppError } from '../api/errors';
import type { Bilingual } from '../common/field-error';
import { validationMessage } from '../../validation/messages';
import { FlowError } from './engine';

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

/** Engine refusals in the envelope: the message says what is wrong and nothing was changed. */
export function toAppError(err: unknown, lang: 'jp' | 'en'): unknown {
  if (err instanceof StepRefused) return new AppError('conflict', err.text[lang], { errors: { state: err.text[lang] } });
  if (!(err instanceof FlowError)) return err;
  switch (err.reason) {
    case 'unknown_action':
      return new AppError('not_found', err.message);
    case 'not_allowed':
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
