import { z } from 'zod';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { validateRecord } from '../entities/validate';
import type { Viewer } from '../entities/viewer';
import { DECISIONS, decideOwnReview, decisionInput, type DecisionResult } from './decide-review';
import type { Subject } from './types';

/** The holder approval screens' kinds (SPEC §7 /v1/Holder/approve/licenses|ips|products). */
export const APPROVAL_KINDS: Record<string, Subject[]> = {
  licenses: ['license'],
  ips: ['ip'],
  products: ['product'],
  // Beyond SPEC's three: the brand's usage permits and cfl/boss's invoices use the same queue.
  usages: ['usage'],
  invoices: ['invoice'],
  // cfl's royalty reports (the sales flow runs on the report).
  reports: ['sales'],
};

export const approveInput = decisionInput.extend({ decision: z.enum(DECISIONS) }).strict();

export function subjectsOfKind(kind: unknown): Subject[] {
  const subjects = APPROVAL_KINDS[String(kind)];
  if (!subjects) throw new AppError('not_found', 'not found');
  return subjects;
}

/** Decides for the caller's group whose turn it is on one item of an approval queue. */
export async function approveSubject(db: Db, viewer: Viewer, kind: unknown, key: string, body: unknown): Promise<DecisionResult> {
  const subjects = subjectsOfKind(kind);
  const { decision, ...rest } = validateRecord(approveInput, body, viewer.lang);
  // Each queue kind holds one kind of subject: the key is read as that kind's record.
  return decideOwnReview(db, viewer, subjects[0]!, key, decision, rest);
}
