import { describe, expect, it } from 'vitest';
import { KEY_LENGTH, newKey } from '@/lib/server/keys';

describe('newKey', () => {
  it('is 48 characters of [A-Za-z0-9]', () => {
    expect(KEY_LENGTH).toBe(48);
    for (let i = 0; i < 200; i++) expect(newKey()).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('1000 keys are unique', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newKey()));
    expect(keys.size).toBe(1000);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newKey()).join(''));
    expect(seen.size).toBe(62);
  });

  it('honours another length', () => {
    expect(newKey(10)).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(newKey(200)).toHaveLength(200);
  });
});
