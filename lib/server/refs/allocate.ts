import { eq, sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { DbOrTx } from '../common/tx';
import { findDefaultHolder } from '../holder/default-holder';
import { holders } from '../db/entities-schema';
import { referenceCounters } from '../db/platform-schema';
import { parseReferenceFormat, referenceAround, referencePeriod, type ParsedFormat } from './format';
import { DEFAULT_REFERENCE_FORMATS, referenceConfigKey, type ReferenceKind } from './kinds';

/** The holder's format for a kind: its Holder.config entry when usable, else the default. */
export function referenceFormatOf(config: Record<string, string> | undefined, kind: ReferenceKind): ParsedFormat {
  const configured = configuredFormat(config?.[referenceConfigKey(kind)]);
  const parsed = configured === undefined ? undefined : parseReferenceFormat(configured);
  if (parsed && !('error' in parsed)) return parsed;
  return parseReferenceFormat(DEFAULT_REFERENCE_FORMATS[kind]) as ParsedFormat;
}

/** Holder.config values are JSON strings; a bare format is taken as it is. */
export function configuredFormat(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return raw;
  }
}

async function holderOf(tx: DbOrTx, key: string | undefined): Promise<{ key: string; config: Record<string, string> }> {
  // Records belong to the default holder (SPEC §3), which the request has usually read already.
  const byDefault = await findDefaultHolder(tx);
  if (byDefault && (!key || byDefault.key === key)) return byDefault;
  const where = key ? eq(holders.key, key) : eq(holders.is_default, true);
  const [holder] = await tx.select({ key: holders.key, config: holders.config }).from(holders).where(where).limit(1);
  // Before the holder exists (a bare database in a test) references still come from one counter.
  return holder ?? { key: '', config: {} };
}

export interface NextReferenceOptions {
  /** The holder the record belongs to; the default holder when left out. */
  holder?: string;
  /** When the record is created (its year); now when left out. */
  at?: Date;
}

/**
 * The next reference of a kind, drawn in the caller's transaction: the counter row of
 * (holder, kind, period) is created or incremented by one INSERT … ON CONFLICT DO UPDATE …
 * RETURNING, which holds the row lock until the transaction ends. Concurrent creations of the
 * same kind therefore wait for each other and never draw the same number; a creation that rolls
 * back gives its number back with it, so every committed number belongs to exactly one record
 * and is never handed out again (deleting the record does not lower the counter).
 *
 * A record's INSERT draws its own (referenceInInsert); this is the number alone.
 */
export async function nextReference(tx: DbOrTx, kind: ReferenceKind, options: NextReferenceOptions = {}): Promise<string> {
  const { draw, value } = await drawing(tx, kind, options);
  const result = await tx.execute<{ reference: string }>(
    sql`with ${sql.identifier(DRAWN)} as (${draw}) select ${value} as reference`,
  );
  return result.rows[0]!.reference;
}

/**
 * The next reference as part of the statement that inserts its record: `cte` draws the number
 * (as nextReference does) and `value` renders it, for the record's reference column. Drawn in
 * the record's own INSERT, the counter's row is locked one round trip later than by a statement
 * of its own before it, and every creation of the kind waits on that lock until its commit: under
 * load, creations that queued on it held the pool's connections while they waited.
 */
export async function referenceInInsert(
  tx: DbOrTx,
  kind: ReferenceKind,
  options: NextReferenceOptions = {},
): Promise<{ cte: WithSubquery; value: SQL }> {
  const { draw, value } = await drawing(tx, kind, options);
  return { cte: tx.$with(DRAWN, { last: sql<number>`last` }).as(draw), value };
}

const DRAWN = 'drawn_reference';

/** The counter's upsert (returning the number drawn) and the reference rendered from it, as SQL. */
async function drawing(tx: DbOrTx, kind: ReferenceKind, options: NextReferenceOptions): Promise<{ draw: SQL; value: SQL }> {
  const at = options.at ?? new Date();
  const holder = await holderOf(tx, options.holder);
  const format = referenceFormatOf(holder.config, kind);
  const c = referenceCounters;
  // Column names bare, as an INSERT's column list and ON CONFLICT's target want them.
  const [holderColumn, kindColumn, period, last, updated] = [c.holder, c.kind, c.period, c.last, c.dateUpdated].map((column) =>
    sql.identifier(column.name),
  );
  const draw = sql`insert into ${c} (${holderColumn}, ${kindColumn}, ${period}, ${last})
      values (${holder.key}, ${kind}, ${referencePeriod(format, at)}, 1)
      on conflict (${holderColumn}, ${kindColumn}, ${period}) do update set ${last} = ${c}.${last} + 1, ${updated} = now()
      returning ${last}`;
  const { before, width, after } = referenceAround(format, at);
  const number = sql`${sql.identifier(DRAWN)}.last::text`;
  // lpad alone would cut a number longer than the width; it only ever adds zeros here.
  const value = sql`(select ${before} || lpad(${number}, greatest(${width}::int, length(${number})), '0') || ${after} from ${sql.identifier(DRAWN)})`;
  return { draw, value };
}
