/**
 * The default holder is read once per API request: an IP's create asked for it four times. A
 * request that writes the holder reads it afresh afterwards, a locking read always reads, a read
 * that failed is tried again, and outside a request (jobs, scripts) every call reads.
 */
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '@/lib/server/common/tx';
import { inRequestScope, outsideRequest } from '@/lib/server/common/request-scope';
import { findDefaultHolder, forgetDefaultHolder, type HolderRow } from '@/lib/server/holder/default-holder';

/** A database that answers `select … from holders … limit 1` with the current row, counting reads. */
function holderDb(initial: Partial<HolderRow>) {
  const state = { row: initial as HolderRow, reads: 0, locks: 0, fail: false };
  const answer = async () => {
    if (state.fail) throw new Error('connection lost');
    return [state.row];
  };
  const query = {
    then(resolve: (rows: HolderRow[]) => unknown, reject: (err: unknown) => unknown) {
      state.reads += 1;
      return answer().then(resolve, reject);
    },
    for() {
      state.locks += 1;
      return answer();
    },
  };
  const db = { select: () => ({ from: () => ({ where: () => ({ limit: () => query }) }) }) } as unknown as DbOrTx;
  return { db, state };
}

describe('the default holder within one request', () => {
  it('is read once however many parts of the request ask', async () => {
    const { db, state } = holderDb({ key: 'h1', config: {} });
    await inRequestScope(async () => {
      const [a, b] = await Promise.all([findDefaultHolder(db), findDefaultHolder(db)]);
      const c = await findDefaultHolder(db);
      expect([a?.key, b?.key, c?.key]).toEqual(['h1', 'h1', 'h1']);
    });
    expect(state.reads).toBe(1);
  });

  it('is read again by each request, and on every call outside one', async () => {
    const { db, state } = holderDb({ key: 'h1', config: {} });
    await inRequestScope(() => findDefaultHolder(db));
    await inRequestScope(() => findDefaultHolder(db));
    await findDefaultHolder(db);
    await findDefaultHolder(db);
    expect(state.reads).toBe(4);
  });

  it('shows the request its own change to the holder', async () => {
    const { db, state } = holderDb({ key: 'h1', config: { a: '1' } });
    await inRequestScope(async () => {
      expect((await findDefaultHolder(db))?.config).toEqual({ a: '1' });
      state.row = { ...state.row, config: { a: '2' } };
      forgetDefaultHolder();
      expect((await findDefaultHolder(db))?.config).toEqual({ a: '2' });
    });
    expect(state.reads).toBe(2);
  });

  it('always reads a locking read, and reads afresh after it', async () => {
    const { db, state } = holderDb({ key: 'h1', config: {} });
    await inRequestScope(async () => {
      await findDefaultHolder(db);
      await findDefaultHolder(db, { forUpdate: true });
      await findDefaultHolder(db, { forUpdate: true });
      await findDefaultHolder(db);
    });
    expect(state.locks).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('does not keep a read that failed', async () => {
    const { db, state } = holderDb({ key: 'h1', config: {} });
    await inRequestScope(async () => {
      state.fail = true;
      await expect(findDefaultHolder(db)).rejects.toThrow('connection lost');
      state.fail = false;
      expect((await findDefaultHolder(db))?.key).toBe('h1');
    });
    expect(state.reads).toBe(2);
  });
});

describe('work that outlives its request', () => {
  it('reads for itself, even when the request set it going', async () => {
    const { db, state } = holderDb({ key: 'h1', config: {} });
    let later: Promise<unknown> = Promise.resolve();
    await inRequestScope(async () => {
      await findDefaultHolder(db);
      later = outsideRequest(() => findDefaultHolder(db));
    });
    await later;
    expect(state.reads).toBe(2);
  });
});
