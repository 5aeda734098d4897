import type { PGlite } from '@electric-sql/pglite';

/**
 * Counts of committed writes per tracked table, kept in this process, for a database only this
 * process writes (PGlite). With app.version_notify on, the version trigger (migration 0027) sends
 * the table's name on data_version; PostgreSQL delivers it when the writing transaction commits,
 * never after a rollback. PGlite parses the notification while it runs the COMMIT (or the
 * autocommitted statement) and queues the listener as a microtask then, before the promise of
 * that statement can resolve (PGlite#parse, @electric-sql/pglite src/pglite.ts): whoever awaited a
 * write finds it counted here, so the answer cache can prove a hit current without a statement.
 */
export class LocalVersions {
  private readonly counts = new Map<string, number>();

  bump(table: string): void {
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** Grows with every committed write to any of the tables, so an unchanged sum means none. */
  sum(tables: readonly string[]): number {
    let sum = 0;
    for (const table of tables) sum += this.counts.get(table) ?? 0;
    return sum;
  }

  /**
   * Whether a write to `table` (which must carry the version trigger) is counted by the time it
   * resolves. False when the database's trigger does not notify (migrated before 0027, or
   * replaced since), or when PGlite stopped delivering before the statement's promise resolves.
   */
  async seesWriteOf(table: string, write: () => Promise<unknown>): Promise<boolean> {
    const before = this.sum([table]);
    await write();
    return this.sum([table]) > before;
  }
}

const CHANNEL = 'data_version';

/**
 * Turns the notifications on for PGlite's one session and listens to them; undefined (with a
 * warning) when either fails, and the answer cache then reads the counts as on PostgreSQL.
 */
export async function listenForVersions(client: PGlite): Promise<LocalVersions | undefined> {
  const versions = new LocalVersions();
  try {
    await client.listen(CHANNEL, (table) => versions.bump(table));
    // Session level: PGlite has one session, and nothing here resets it.
    await client.exec(`SET app.version_notify = 'on'`);
    return versions;
  } catch (err) {
    console.warn(`[db] answer cache: no local versions (${(err as Error).message}); hits read the counts`);
    return undefined;
  }
}
