import { describe, expect, it } from 'vitest';
import { databaseFault } from '@/lib/server/api/database-fault';

/** As drizzle throws them: the driver's error, with its SQLSTATE, as the cause. */
function refused(code: string): Error {
  return Object.assign(new Error('Failed query: update "reviews" ...'), { cause: Object.assign(new Error('db'), { code }) });
}

describe('databaseFault', () => {
  it('a deadlock or a serialization failure is a 409 that says nothing changed and to try again, in the reader’s language', () => {
    for (const code of ['40P01', '40001']) {
      const jp = databaseFault(refused(code), 'jp');
      expect(jp?.httpStatus).toBe(409);
      expect(jp?.message).toContain('何も変更されていません');
      const en = databaseFault(refused(code), 'en');
      expect(en?.message).toMatch(/Nothing was changed; try again/);
      expect(en?.message).not.toMatch(/[\u3040-\u30ff]/);
    }
  });

  it('bad input is a 400 and a duplicate a 409, never the database’s own message', () => {
    expect(databaseFault(refused('22P02'), 'en')?.httpStatus).toBe(400);
    const duplicate = databaseFault(refused('23505'), 'en');
    expect(duplicate?.httpStatus).toBe(409);
    expect(JSON.stringify(duplicate?.data)).not.toContain('reviews');
  });

  it('any other failure is the code’s fault, left to the 500 path', () => {
    expect(databaseFault(refused('42P01'), 'en')).toBeNull();
    expect(databaseFault(new Error('plain'), 'en')).toBeNull();
  });
});
