/**
 * Statements on PostgreSQL are prepared once per connection: every pooled connection names the
 * statements that take values by their text, and leaves the rest (transaction control, COPY
 * streams, strings, statements named by their caller) as they are.
 */
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { nameStatements, statementName } from '@/lib/server/db/statement-names';

/** A connection that records what reaches it, wrapped as the pool wraps each new one. */
function clientSeeing(): { client: { query: (...args: unknown[]) => unknown }; seen: unknown[][] } {
  const seen: unknown[][] = [];
  const client = { query: (...args: unknown[]) => seen.push(args) };
  nameStatements(client as unknown as PoolClient);
  return { client, seen };
}

describe('named statements', () => {
  it('names a statement with values by its text, the same text always by the same name', () => {
    const { client, seen } = clientSeeing();
    const text = 'select "key" from "ips" where "ips"."key" = $1';
    const config = { text, types: {} };
    void client.query(config, ['a']);
    void client.query({ text, rowMode: 'array' }, ['b']);
    void client.query({ text: `${text} limit $2`, values: ['c', 1] });
    const [first, second, third] = seen.map((args) => args[0] as { name?: string; text: string });
    expect(first!.name).toMatch(/^ipl_[\w-]{24}$/);
    expect(second!.name).toBe(first!.name);
    expect(third!.name).not.toBe(first!.name);
    expect(statementName(text)).toBe(first!.name);
    // The caller's config (drizzle keeps it on the prepared query) is not changed, and the values pass as they were.
    expect(config).not.toHaveProperty('name');
    expect(seen[0]![1]).toEqual(['a']);
    expect(second).toMatchObject({ rowMode: 'array' });
  });

  it('leaves transaction control, DDL, COPY streams, plain strings and named statements alone', () => {
    const { client, seen } = clientSeeing();
    const copy = { text: 'copy sales from stdin', submit: () => undefined };
    void client.query({ text: 'begin' }, []);
    void client.query({ text: 'alter table ips add column x int' }, []);
    void client.query(copy);
    void client.query('select $1::int', [1]);
    void client.query({ text: 'select 1' });
    void client.query({ text: 'select $1::int', name: 'mine' }, [1]);
    expect(seen.map((args) => args[0])).toEqual([
      { text: 'begin' },
      { text: 'alter table ips add column x int' },
      copy,
      'select $1::int',
      { text: 'select 1' },
      { text: 'select $1::int', name: 'mine' },
    ]);
  });
});
