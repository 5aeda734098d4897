import { answerKey, timeWordIn, unstableText } from './answer-key';
import { ByteLru } from './byte-lru';
import type { DbHandle } from './client';
import type { LocalVersions } from './local-versions';
import { firstRow } from './run-text';
import type { ShapedQuery } from './sql-shape';

/**
 * Answers of database-written reads, kept while nothing they read has changed. Every table a
 * cached statement reads has a statement-level trigger (migration 0026) that counts each
 * transaction writing it (data_versions plus data_changes), in that transaction. A miss reads the sum of those counts and the
 * answer in one statement, so both come from one snapshot; a hit reads the sum again (one small
 * statement) and serves the answer only if it is unchanged. The sum only grows and grows with
 * every committed write to any of those tables, in any process, so an unchanged sum means the
 * answer is still what the statement would give now: read-your-writes across replicas, and a
 * rolled-back write changes nothing. A statement whose tables are not all tracked, or that uses
 * the time or another unstable function, is never cached; `uncachedStatements` lists them.
 *
 * PGlite lives in this process and nothing else writes it, so there the sum need not be read: the
 * trigger also reports each committed write to this process (local-versions.ts), and a hit is
 * proven current by per-table counts kept here, with no statement. A miss still reads the answer
 * with the sum, keeping the local count read before it was sent: a write committing meanwhile
 * leaves the entry stale, never wrong.
 */

/** ANSWER_CACHE=off runs every statement (bench/api.ts measures both). */
export const answerCacheOn = process.env.ANSWER_CACHE !== 'off';

const DEFAULT_BYTES = 32 * 1024 * 1024;
const maxBytes = Number(process.env.ANSWER_CACHE_BYTES) > 0 ? Number(process.env.ANSWER_CACHE_BYTES) : DEFAULT_BYTES;

interface Entry {
  version: bigint;
  text: string | null;
  /** The local counts this entry was checked against, and their sum before its statement was sent. */
  local?: LocalVersions;
  localSum?: number;
}

const entries = new ByteLru<Entry>(maxBytes);

/** The trigger's function: a table is tracked when it calls it after every kind of write. */
const BUMP = 'data_version_bump';

/** What is known of one statement text, once. */
type Plan =
  | { cacheable: false; reason: string }
  | {
      cacheable: true;
      tables: readonly string[];
      /** The sum of the tables' counts. */
      versionText: string;
      /**
       * The sum and, only when it differs from the sum given as the last value, the statement's
       * own first column, both of one snapshot, in one statement (see cachedAnswer).
       */
      missText: string;
      /** Hits waiting for a version read that starts after they came (see readVersion). */
      reads: Turns<bigint>;
      /** How often a check of this statement's entries found them current lately, 0 to 1. */
      hitRate: number;
      /** PGlite's counts of committed writes, once proven to see every write (localVersionsOf). */
      local?: LocalVersions;
    };

type CacheablePlan = Extract<Plan, { cacheable: true }>;

let plans = new WeakMap<DbHandle, Map<string, Promise<Plan>>>();
const trackedTables = new WeakMap<DbHandle, Promise<Set<string>>>();
const provenLocal = new WeakMap<DbHandle, Promise<LocalVersions | undefined>>();

/**
 * `checkedInOne`: checks made by the statement itself rather than by a version read first;
 * `checkedLocally`: checks made by this process's counts of PGlite's writes, without a statement;
 * `shared`: requests answered by a statement begun for the same read asked for meanwhile.
 */
const stats = { hits: 0, misses: 0, stale: 0, checkedInOne: 0, checkedLocally: 0, shared: 0, uncached: 0 };
const uncached = new Map<string, string>();

/**
 * The answer from the cache or from the statement (then kept), or undefined when this statement
 * is not cached (the caller runs it as it is).
 */
export async function cachedAnswer(
  handle: DbHandle,
  shaped: ShapedQuery,
  scope: string,
): Promise<{ text: string | null } | undefined> {
  if (!answerCacheOn || shaped.id === undefined || !shaped.tables) return undefined;
  const plan = await planOf(handle, shaped);
  if (!plan.cacheable || timeWordIn(shaped.params)) {
    stats.uncached++;
    return undefined;
  }
  // The shape's number stands for its key: one per key in this process, and far shorter.
  const key = answerKey(String(shaped.id), shaped.params, scope);
  const entry = entries.get(key);
  // While hits are the rule, a small read of the sum decides, shared by every hit waiting for one
  // (readVersion). While the tables are written faster than this is asked for, that read would mostly
  // find the entry out of date and add a round trip before the statement; then the statement itself
  // is sent with the kept sum and builds its answer only if the sum has moved: one round trip
  // whether the entry is current or not.
  const localSum = plan.local?.sum(plan.tables);
  if (entry && localSum !== undefined && entry.local === plan.local) {
    stats.checkedLocally++;
    if (entry.localSum === localSum) {
      stats.hits++;
      return { text: entry.text };
    }
    stats.stale++;
  } else if (entry && plan.hitRate >= 0.5) {
    const current = (await readVersion(handle, plan)) === entry.version;
    learn(plan, current);
    if (current) {
      stats.hits++;
      return { text: entry.text };
    }
    stats.stale++;
  } else if (entry) {
    stats.checkedInOne++;
    const answered = await statementFor(handle, plan, shaped, key);
    if (answered.version === entry.version) stats.hits++;
    else stats.stale++;
    return { text: answered.text };
  } else {
    stats.misses++;
  }
  return { text: (await statementFor(handle, plan, shaped, key)).text };
}

/**
 * The statements under way per key. The same read asked for again while its statement runs (a
 * team opening one list, a page polled by many) waits for the next statement, begun after that one
 * ends, shared by all who came meanwhile: each is answered by a statement that started after it
 * came, so it sees its own writes and every write committed before, and a burst of one read costs
 * one or two statements instead of one each.
 */
const flights = new Map<string, Turns<Entry>>();

function statementFor(handle: DbHandle, plan: CacheablePlan, shaped: ShapedQuery, key: string): Promise<Entry> {
  let turns = flights.get(key);
  if (!turns) flights.set(key, (turns = {}));
  const own = turns;
  if (own.current) stats.shared++;
  return inTurn(
    own,
    () => runStatement(handle, plan, shaped, key),
    () => {
      if (flights.get(key) === own) flights.delete(key);
    },
  );
}

/**
 * The statement with the sum kept with the key's entry, if any: it builds the answer only when the
 * sum has moved, so a current entry costs one small round trip and a stale one no extra round trip.
 */
async function runStatement(handle: DbHandle, plan: CacheablePlan, shaped: ShapedQuery, key: string): Promise<Entry> {
  const entry = entries.peek(key);
  const known = entry?.version ?? -1n;
  // Read before the statement is sent, for the entry it makes (see the top of this file).
  const localSum = plan.local?.sum(plan.tables);
  const row = await firstRow(handle, plan.missText, [...shaped.params, known.toString()]);
  if (!row) throw new Error('answer cache: the version row is missing');
  const version = BigInt(row[0] as string);
  if (entry && known === version) {
    learn(plan, true);
    return entry;
  }
  if (entry) learn(plan, false);
  const fresh: Entry = { version, text: (row[1] as string | null | undefined) ?? null, local: plan.local, localSum };
  // Of two statements of one key run at once (one begun as another ended), the later snapshot's answer stays.
  const kept = entries.peek(key);
  if (!kept || kept.version <= fresh.version) entries.set(key, fresh, 2 * (key.length + (fresh.text?.length ?? 0)) + 64);
  return fresh;
}

function learn(plan: CacheablePlan, current: boolean): void {
  plan.hitRate = plan.hitRate * 0.9 + (current ? 0.1 : 0);
}

/** A read run now, and the next one of the same, waited for by those who came while it ran. */
interface Turns<T> {
  current?: Promise<T>;
  next?: Promise<T>;
}

/**
 * `run` now when none of `turns` is under way; else the next run, begun once the current one has
 * ended and shared by everyone who came meanwhile, so each caller is answered by a run that began
 * after it came. `idle` is called when a run ends with no next one waiting.
 */
function inTurn<T>(turns: Turns<T>, run: () => Promise<T>, idle?: () => void): Promise<T> {
  const start = (): Promise<T> => {
    const running = run();
    turns.current = running;
    const done = () => {
      if (turns.current !== running) return;
      turns.current = undefined;
      if (!turns.next) idle?.();
    };
    running.then(done, done);
    return running;
  };
  if (!turns.current) return start();
  turns.next ??= turns.current
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      turns.next = undefined;
      return start();
    });
  return turns.next;
}

/**
 * The current sum for a hit, in turns (inTurn): its own writes and every write committed before it
 * came are seen, and a burst of hits costs one or two reads.
 */
function readVersion(handle: DbHandle, plan: CacheablePlan): Promise<bigint> {
  return inTurn(plan.reads, () => firstRow(handle, plan.versionText, []).then((row) => BigInt(row![0] as string)));
}

function planOf(handle: DbHandle, shaped: ShapedQuery): Promise<Plan> {
  let byText = plans.get(handle);
  if (!byText) plans.set(handle, (byText = new Map()));
  let plan = byText.get(shaped.text);
  if (!plan) {
    plan = makePlan(handle, shaped).then((made) => {
      if (!made.cacheable) uncached.set(shaped.text, made.reason);
      return made;
    });
    byText.set(shaped.text, plan);
  }
  return plan;
}

async function makePlan(handle: DbHandle, shaped: ShapedQuery): Promise<Plan> {
  const unstable = unstableText(shaped.text);
  if (unstable) return { cacheable: false, reason: `uses ${unstable}` };
  // The tables named in the statement, and those PostgreSQL's plan reads (text written by hand
  // naming a table the walk cannot see); a table only one of them knows still counts.
  const tables = new Set(shaped.tables);
  try {
    for (const table of await planTables(handle, shaped)) tables.add(table);
  } catch (err) {
    return { cacheable: false, reason: `no plan: ${(err as Error).message}` };
  }
  const tracked = await trackedOf(handle);
  const untracked = [...tables].filter((t) => !tracked.has(t));
  if (untracked.length) return { cacheable: false, reason: `reads ${untracked.join(', ')} without a version trigger` };
  if (tables.size === 0) return { cacheable: false, reason: 'reads no table' };
  // Tracked names are plain identifiers (checked in trackedOf), so they can be written as literals.
  const list = [...tables]
    .sort()
    .map((t) => `'${t}'`)
    .join(', ');
  const sum = `(select coalesce(sum("version"), 0) from "data_versions" where "table_name" in (${list}))
    + (select count(*) from "data_changes" where "table_name" in (${list}))`;
  // CASE runs the statement (an uncorrelated subquery, evaluated when first needed) only when the
  // sum differs from the one given; the statement answers one row at most (an aggregate or limit 1).
  const known = `$${shaped.params.length + 1}::numeric`;
  return {
    cacheable: true,
    tables: [...tables].sort(),
    versionText: `select (${sum})::text`,
    missText: `select __v.v::text, case when __v.v <> ${known} then (select * from (${shaped.text}) as __a limit 1) end
      from (select ${sum} as v) as __v`,
    reads: {},
    hitRate: 1,
    local: await localVersionsOf(handle, tracked),
  };
}

/**
 * The handle's local counts, once one write is seen counted by the time its statement resolves:
 * a statement-level trigger runs even when no row is deleted, so deleting nothing from a tracked
 * table proves the trigger notifies, that notifications are on and listened to, and that PGlite
 * still calls the listener before the statement's promise resolves. Otherwise hits read the sum.
 */
function localVersionsOf(handle: DbHandle, tracked: Set<string>): Promise<LocalVersions | undefined> {
  const versions = handle.localVersions;
  if (handle.kind !== 'pglite' || !versions) return Promise.resolve(undefined);
  let proven = provenLocal.get(handle);
  if (!proven) {
    const [table] = [...tracked].sort();
    proven = (async () => {
      if (table === undefined) return undefined;
      if (await versions.seesWriteOf(table, () => firstRow(handle, `delete from "${table}" where false`, []))) return versions;
      console.warn('[db] answer cache: the version trigger does not report writes here; hits read the counts');
      return undefined;
    })().catch((err: unknown) => {
      console.warn(`[db] answer cache: local versions unproven (${(err as Error).message}); hits read the counts`);
      return undefined;
    });
    provenLocal.set(handle, proven);
  }
  return proven;
}

/** Tables with the version trigger after every insert, update, delete and truncate, per statement. */
function trackedOf(handle: DbHandle): Promise<Set<string>> {
  let tracked = trackedTables.get(handle);
  if (!tracked) {
    // tgtype bits: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead.
    tracked = firstRow(
      handle,
      `select coalesce(array_agg(c.relname::text), '{}') from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where t.tgfoid = to_regproc('${BUMP}') and not t.tgisinternal and t.tgenabled <> 'D'
          and n.nspname = 'public' and (t.tgtype & 127) = 60`,
      [],
    ).then((row) => new Set(((row?.[0] as string[] | undefined) ?? []).filter((t) => /^[a-z_][a-z0-9_]*$/.test(t))));
    trackedTables.set(handle, tracked);
    tracked.catch(() => trackedTables.delete(handle));
  }
  return tracked;
}

/** Every relation the statement's plan scans, as PostgreSQL reports it. */
async function planTables(handle: DbHandle, shaped: ShapedQuery): Promise<string[]> {
  let plan: unknown = (await firstRow(handle, `explain (format json) ${shaped.text}`, shaped.params))?.[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [name, value] of Object.entries(node)) {
        if (name === 'Relation Name' && typeof value === 'string') found.add(value);
        else visit(value);
      }
    }
  };
  visit(plan);
  return [...found];
}

/** Counts since the start or the last reset, for tests and the bench. */
export function answerCacheStats() {
  return {
    ...stats,
    entries: entries.size,
    bytes: entries.bytes,
    /** Statements seen that are never cached, with why. */
    uncachedStatements: [...uncached].map(([text, reason]) => ({ text, reason })),
  };
}

/** Forgets every answer, what was learnt of each statement, and the counts (tests). */
export function resetAnswerCache(): void {
  entries.clear();
  plans = new WeakMap();
  stats.hits = stats.misses = stats.stale = stats.checkedInOne = stats.checkedLocally = stats.shared = stats.uncached = 0;
  uncached.clear();
}
