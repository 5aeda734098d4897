import { describe, expect, it } from 'vitest';
import { buildConfig } from '@/lib/config';

describe('DATABASE_POOL_MAX: the connections one process keeps to PostgreSQL', () => {
  it('is 10 unless set, and takes a larger pool for a larger machine', () => {
    expect(buildConfig({ NODE_ENV: 'test' }).databasePoolMax).toBe(10);
    expect(buildConfig({ NODE_ENV: 'test', DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
  });

  it('refuses a pool of no connection or a value that is not a number', () => {
    expect(() => buildConfig({ NODE_ENV: 'test', DATABASE_POOL_MAX: '0' })).toThrow();
    expect(() => buildConfig({ NODE_ENV: 'test', DATABASE_POOL_MAX: 'many' })).toThrow();
  });
});
