import { describe, expect, it } from 'vitest';
import { isTransaction, readEach, type DbOrTx } from '@/lib/server/common/tx';

/** Reads that record how many of them run at the same moment. */
function probe() {
  let running = 0;
  let most = 0;
  const read =
    <T>(value: T) =>
    async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return value;
    };
  return { read, most: () => most };
}

const pool = {} as DbOrTx;
const transaction = { rollback: () => undefined } as unknown as DbOrTx;

describe('readEach', () => {
  it('tells a transaction from the pool', () => {
    expect(isTransaction(transaction)).toBe(true);
    expect(isTransaction(pool)).toBe(false);
  });

  it('runs the reads at once on the pool', async () => {
    const { read, most } = probe();
    expect(await readEach(pool, [read(1), read('two'), read([3])])).toEqual([1, 'two', [3]]);
    expect(most()).toBe(3);
  });

  it("runs them one after another on a transaction's one connection, answers in order", async () => {
    const { read, most } = probe();
    expect(await readEach(transaction, [read(1), read('two'), read([3])])).toEqual([1, 'two', [3]]);
    expect(most()).toBe(1);
  });
});
