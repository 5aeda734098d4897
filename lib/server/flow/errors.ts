import { AppError } from '../api/errors';
import { validationMessage } from '../../validation/messages';
import { FlowError } from './engine';

/** Engine refusals in the envelope: the message says what is wrong and nothing was changed. */
export function toAppError(err: unknown, lang: 'jp' | 'en'): unknown {
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
