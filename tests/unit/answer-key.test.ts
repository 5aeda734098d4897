import { describe, expect, it } from 'vitest';
import { answerKey, callerScope, timeWordIn, unstableText } from '@/lib/server/db/answer-key';

describe('answerKey', () => {
  const shape = 'select x from t where a = \u0000? and b = \u0000?';

  it('is the same for the same shape, values and scope', () => {
    expect(answerKey(shape, ['cat', 20], 'u1')).toBe(answerKey(shape, ['cat', 20], 'u1'));
  });

  it('differs by every part: shape, each value, its type, its place, and the scope', () => {
    const base = answerKey(shape, ['cat', 20], 'u1');
    const others = [
      answerKey(shape + ' limit 1', ['cat', 20], 'u1'),
      answerKey(shape, ['dog', 20], 'u1'),
      answerKey(shape, ['cat', 21], 'u1'),
      answerKey(shape, ['cat', '20'], 'u1'),
      answerKey(shape, [20, 'cat'], 'u1'),
      answerKey(shape, ['cat', 20n], 'u1'),
      answerKey(shape, ['cat', null], 'u1'),
      answerKey(shape, [['cat'], 20], 'u1'),
      answerKey(shape, ['cat', 20], 'u2'),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('cannot be forged by a value that carries the separator or the scope', () => {
    expect(answerKey(shape, ['a\u0001b'], 'c')).not.toBe(answerKey(shape, ['a'], 'b\u0001c'));
  });
});

describe('callerScope', () => {
  it('is the caller and its access entries in any order, and differs by either', () => {
    expect(callerScope({ sub: 's', access: ['b', 'a'] })).toBe(callerScope({ sub: 's', access: ['a', 'b'] }));
    expect(callerScope({ sub: 's', access: ['a'] })).not.toBe(callerScope({ sub: 's', access: ['a', 'b'] }));
    expect(callerScope({ sub: 's', access: ['a'] })).not.toBe(callerScope({ sub: 't', access: ['a'] }));
  });
});

describe('unstableText', () => {
  it.each([
    ['select now()', 'now'],
    ['select 1 where d < CURRENT_TIMESTAMP', 'current_timestamp'],
    ['select random()', 'random'],
    ['select gen_random_uuid()', 'gen_random_uuid'],
    ["select nextval('s')", 'nextval'],
    ["select 1 where d < 'now'::timestamptz", "the literal 'now'"],
    ["select 1 where d < ' Today '::date", "the literal 'Today'"],
  ])('refuses %s', (text, reason) => {
    expect(unstableText(text)).toBe(reason);
  });

  it.each([
    'select "now", "age", "random" from "t"',
    "select 'now is the time', 'it''s random' from t",
    'select "created_at", "date_updated" from "ips" where "name" ilike $1',
  ])('accepts %s', (text) => {
    expect(unstableText(text)).toBeUndefined();
  });

  it('finds a time word among bound values', () => {
    expect(timeWordIn(['cat', 'now'])).toBe(true);
    expect(timeWordIn(['cat', 'nowhere', 1])).toBe(false);
  });
});
