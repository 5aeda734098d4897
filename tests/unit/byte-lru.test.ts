import { describe, expect, it } from 'vitest';
import { ByteLru } from '@/lib/server/db/byte-lru';

describe('ByteLru', () => {
  it('drops the least recently used entries once over its bytes, a read counting as a use', () => {
    const lru = new ByteLru<string>(800);
    lru.set('a', 'A', 100);
    lru.set('b', 'B', 100);
    lru.set('c', 'C', 100);
    expect(lru.get('a')).toBe('A');
    for (let i = 0; i < 6; i++) lru.set(`x${i}`, 'X', 100);
    // 900 bytes asked: the one least recently used (b, since a was read) goes.
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.bytes).toBe(800);
    expect(lru.size).toBe(8);
  });

  it('counts a replaced entry once and frees what is deleted', () => {
    const lru = new ByteLru<string>(1000);
    lru.set('a', 'A', 100);
    lru.set('a', 'A2', 50);
    expect(lru.bytes).toBe(50);
    expect(lru.peek('a')).toBe('A2');
    lru.delete('a');
    expect([lru.bytes, lru.size]).toEqual([0, 0]);
  });

  it('keeps no entry larger than an eighth of its bytes, and drops the old value under that key', () => {
    const lru = new ByteLru<string>(800);
    lru.set('a', 'A', 100);
    expect(lru.set('a', 'huge', 101)).toBe(false);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it('peek leaves the order as it is', () => {
    const lru = new ByteLru<string>(200);
    lru.set('a', 'A', 25);
    lru.set('b', 'B', 25);
    lru.peek('a');
    // 225 bytes asked: one entry goes, the oldest by use, which peek did not change.
    for (let i = 0; i < 7; i++) lru.set(`x${i}`, 'X', 25);
    expect(lru.peek('a')).toBeUndefined();
    expect(lru.peek('b')).toBe('B');
  });
});
