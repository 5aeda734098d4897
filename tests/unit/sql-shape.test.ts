import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { cachedTexts, fixedPart, shapedQuery, shapeOf } from '@/lib/server/db/sql-shape';

const things = pgTable('things', {
  key: text('key').primaryKey(),
  name: text('name'),
  count: integer('count').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

const dialect = new PgDialect();

function query(name: string | null, counts: number[], after?: Date) {
  return sql`select ${things.key} from ${things} where ${and(
    name === null ? sql`${things.name} is null` : eq(things.name, name),
    inArray(things.count, counts),
    after ? gt(things.at, after) : undefined,
  )} limit ${10}`;
}

describe('SQL text cached by shape', () => {
  it('gives two statements that differ only in values one text, and each its own values', () => {
    const a = shapedQuery(query('secret-a', [1, 2]));
    const b = shapedQuery(query('secret-b', [3, 4]));
    expect(a.shape).toBeDefined();
    expect(b.shape).toBe(a.shape);
    expect(b.text).toBe(a.text);
    expect(a.params).toEqual(['secret-a', 1, 2, 10]);
    expect(b.params).toEqual(['secret-b', 3, 4, 10]);
  });

  it('keeps every value out of the key and the text', () => {
    const at = new Date('2031-05-06T07:08:09.000Z');
    const q = query('needle-value', [424242], at);
    const shape = shapeOf(q)!;
    for (const value of ['needle-value', '424242', '2031']) {
      expect(shape.key).not.toContain(value);
      expect(shapedQuery(q).text).not.toContain(value);
    }
    expect(cachedTexts().some((t) => t.includes('needle-value'))).toBe(false);
  });

  it('tells shapes apart: another operator, another IN length, an optional clause, null for a value', () => {
    const keys = new Set(
      [
        query('x', [1]),
        query('x', [1, 2]),
        query('x', [1], new Date()),
        query(null, [1]),
        sql`select ${things.key} from ${things} where ${gt(things.count, 1)}`,
        sql`select ${things.key} from ${things} where ${eq(things.count, 1)}`,
      ].map((q) => shapeOf(q)!.key),
    );
    expect(keys.size).toBe(6);
  });

  it('writes exactly the text and values drizzle writes', () => {
    const q = query('o\'brien "x"', [5, 6, 7], new Date('2026-01-02T03:04:05.678Z'));
    const built = dialect.sqlToQuery(q);
    shapedQuery(q);
    const cached = shapedQuery(q);
    expect(cached.text).toBe(built.sql);
    expect(cached.params).toEqual(built.params);
  });

  it('does not cache a statement whose values drizzle writes into its text', () => {
    const q = sql`select ${things.key} from ${things} where ${eq(things.name, 'inline-me')}`.inlineParams();
    const built = shapedQuery(q);
    expect(built.shape).toBeUndefined();
    expect(built.text).toContain('inline-me');
    expect(cachedTexts().some((t) => t.includes('inline-me'))).toBe(false);
  });

  it('walks a fixed part once and still gives its values, in their place, every time', () => {
    const part = fixedPart(sql`coalesce(${things.name}, ${'fallback'})`);
    for (const name of ['one', 'two']) {
      const q = sql`select ${part} from ${things} where ${eq(things.name, name)} and ${part} <> ${'x'}`;
      const built = dialect.sqlToQuery(q);
      const shaped = shapedQuery(q);
      expect(shaped.text).toBe(built.sql);
      expect(shaped.params).toEqual(['fallback', name, 'fallback', 'x']);
    }
  });
});
