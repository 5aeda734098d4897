import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { jsonObject } from '../common/json-object';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { logWorkflow } from '../db/schema';
import { dateInput, longText, requiredText, shortText } from '../entities/field-rules';
import { newKey } from '../keys';

/** Body of POST /api/v1/LogWorkflow (SPEC §3, §7). `time` defaults to now. */
export const logWorkflowInput = z
  .object({
    data: jsonObject(100_000),
    time: dateInput().optional(),
    action: requiredText(100),
    path: shortText(500),
    key: requiredText(128),
    ref: shortText(200).nullish(),
    remarks: longText(5000).nullish(),
  })
  .strict();

export type LogWorkflowRow = typeof logWorkflow.$inferSelect;

/** Records one workflow step; `sub` is the caller. */
export async function addWorkflowLog(db: Db, caller: Caller, body: unknown): Promise<LogWorkflowRow> {
  const input = validateInput(logWorkflowInput, body, caller.lang);
  const [row] = await db
    .insert(logWorkflow)
    .values({
      id: newKey(),
      data: input.data,
      time: input.time ?? new Date(),
      action: input.action,
      path: input.path,
      key: input.key,
      ref: input.ref ?? null,
      remarks: input.remarks ?? null,
      sub: caller.sub,
    })
    .returning();
  return row!;
}
