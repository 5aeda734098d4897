import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; a named one once per
 * connection. Drizzle sends its statements unnamed, so on the hot paths (an approval runs two dozen
 * small statements) the server spent much of its time parsing and planning the same texts again.
 * Every statement that takes values gets a name derived from its text, so one text is always one
 * name and a name never changes its text (which node-postgres refuses). Each named text stays
 * prepared on every pooled connection for the connection's life, so only the first texts seen
 * get a name (a hot path has few); any further one runs unnamed, as before.
 */
const MAX_NAMED = 1000;
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `ipl_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Statements PostgreSQL can keep prepared; transaction control, COPY and DDL stay unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * Names the statements a pooled connection runs (the pool's `connect` event hands each new one
 * here): a query config carrying values and no name of its own gets its text's name. Text given
 * as a string is left alone, as are objects that submit themselves (COPY streams).
 */
export function nameStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const config = args[0] as QueryConfig | null;
    const text = typeof config === 'object' && config !== null ? config.text : undefined;
    if (
      typeof text === 'string' &&
      config!.name === undefined &&
      typeof config!.submit !== 'function' &&
      Array.isArray(args[1] ?? config!.values) &&
      PREPARABLE.test(text)
    ) {
      const name = statementName(text);
      if (name) args[0] = { ...config, name };
    }
    return query(...args);
  };
  // node-postgres's query has a dozen overloads; the wrapper passes every form through unchanged.
  client.query = named as PoolClient['query'];
}
