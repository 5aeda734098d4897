import { sqlStateOf } from '../db/unavailable';
import { AppError } from './errors';

const CROSSED: Record<'jp' | 'en', string> = {
  jp: '同じ記録への別の変更と同時に保存しようとしたため、この変更は保存されませんでした。何も変更されていません。もう一度お試しください。',
  en: 'Another change to the same record was being saved at the same moment, so this one was not saved. Nothing was changed; try again.',
};

/**
 * A statement the database refused for a reason that lies in the request or in its timing, in our
 * words (never the database's message), or null for a fault of the code:
 * - class 22 (out of range, bad text): the input;
 * - class 23 (a duplicate, a missing reference): a conflict with an existing record;
 * - class 40 (deadlock, serialization failure): two writes crossed; the transaction rolled back
 *   whole, so the client may simply send it again.
 */
export function databaseFault(err: unknown, lang: 'jp' | 'en'): AppError | null {
  const state = sqlStateOf(err);
  if (!state) return null;
  if (state.startsWith('22')) return new AppError('validation', 'invalid input', { message: 'invalid input' });
  if (state.startsWith('23')) return new AppError('conflict', 'conflict', { message: 'conflicts with an existing record' });
  if (state.startsWith('40')) return new AppError('conflict', CROSSED[lang], { message: CROSSED[lang] });
  return null;
}
