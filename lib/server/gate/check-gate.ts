import { timingSafeEqual } from 'node:crypto';
import { getConfig } from '../../config';
import { AppError } from '../api/errors';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The registration gate of SPEC §2, compared on the server so the values never reach the
 * browser. Off when GATE_ID/GATE_PASSWORD are unset.
 */
export function checkGate(body: unknown): { accepted: true } {
  const gate = getConfig().gate;
  if (!gate) return { accepted: true };
  const { id, password } = (body ?? {}) as { id?: unknown; password?: unknown };
  if (typeof id !== 'string' || typeof password !== 'string') {
    throw new AppError('validation', 'Invalid credentials', { errors: { id: 'required', password: 'required' } });
  }
  // Both compared every time, so the answer's timing does not tell which one was wrong.
  const idOk = same(id, gate.id);
  const passwordOk = same(password, gate.password);
  if (!idOk || !passwordOk) throw new AppError('validation', 'Invalid credentials');
  return { accepted: true };
}
