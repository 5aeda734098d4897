import { describe, expect, it } from 'vitest';
import { keysQuery } from '@/lib/client/entities';
import { MAX_LIMIT } from '@/lib/server/query/page';

describe('keysQuery', () => {
  it('asks for each key once, sorted, with a limit that returns them all', () => {
    expect(keysQuery(['b', 'a', 'b', 'c'])).toEqual({ filter: { key: { $in: ['a', 'b', 'c'] } }, limit: 3 });
  });

  it('asks the same question for the same keys in any order (one cached answer)', () => {
    expect(JSON.stringify(keysQuery(['x', 'y']))).toBe(JSON.stringify(keysQuery(['y', 'x', 'y'])));
  });

  it('leaves out what is not a key, and asks nothing when no key is left', () => {
    expect(keysQuery(['k', '', null, undefined, 3, { key: 'z' }])).toEqual({ filter: { key: { $in: ['k'] } }, limit: 1 });
    expect(keysQuery([null, ''])).toBeNull();
    expect(keysQuery([])).toBeNull();
  });

  it("never asks for more than the server's largest page", () => {
    const many = Array.from({ length: MAX_LIMIT + 20 }, (_, i) => `k${String(i).padStart(4, '0')}`);
    expect(keysQuery(many)?.limit).toBe(MAX_LIMIT);
  });
});
