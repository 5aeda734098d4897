import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { logWorkflow } from '../db/schema';
import type { LogWorkflowRow } from './add-workflow-log';
import { describeWorkflowRows, type ReadableWorkflowEntry } from './readable';

/** Query of GET /api/v1/LogWorkflow: newest first, optionally for one subject `key`. */
export const logWorkflowListInput = z
  .object({
    key: z.string().trim().min(1).max(128).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Cursor: base64url JSON [time at microsecond precision, id] of the last row of the page. */
function decodeCursor(cursor: string, caller: Caller): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      EXACT_TIME.test(value[0]) &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string' &&
      /^[A-Za-z0-9]{1,64}$/.test(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // falls through to the error below
  }
  throw fieldError(caller.lang, { cursor: { message: { jp: 'カーソルが正しくありません。', en: 'This cursor is not valid.' } } });
}

export async function listWorkflowLog(
  db: Db,
  caller: Caller,
  query: unknown,
): Promise<{ items: (LogWorkflowRow & { actor: string | null; readable: ReadableWorkflowEntry })[]; next: string | null }> {
  const input = validateInput(logWorkflowListInput, query, caller.lang);
  const limit = input.limit ?? 50;
  const exactTime = sql<string>`to_char(${logWorkflow.time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const conditions: SQL[] = [];
  if (input.key) conditions.push(eq(logWorkflow.key, input.key));
  if (input.cursor) {
    const [time, id] = decodeCursor(input.cursor, caller);
    conditions.push(sql`(${logWorkflow.time}, ${logWorkflow.id}) < (${time}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ row: logWorkflow, exactTime })
    .from(logWorkflow)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(logWorkflow.time), desc(logWorkflow.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await describeWorkflowRows(
      db,
      page.map((r) => ({ ...r.row, data: r.row.data as Record<string, unknown> })),
      caller.lang,
    ),
    next:
      rows.length > limit && last
        ? Buffer.from(JSON.stringify([last.exactTime, last.row.id]), 'utf8').toString('base64url')
        : null,
  };
}
