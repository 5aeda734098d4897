import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { reviews } from '@/lib/server/db/entities-schema';
import { countDecisions } from '@/lib/server/flow/count-decisions';
import { newKey } from '@/lib/server/keys';
import { businessMinutesBetween } from '@/lib/server/flow/business-days';
import { reviewThroughput, reviewTimes } from '@/lib/server/stats/queries';

/**
 * Review statistics are a recomputation of the decided reviews: for any set of reviews (decided,
 * still pending, closed unanswered, in any group, step and month), the per-record counts, the
 * monthly throughput and the time per step equal what one computes from the decided ones alone.
 */

const STATES = ['pending', 'closed', 'approved', 'approved_with_conditions', 'rejected', 'changes_requested'] as const;
const DECIDED = new Set(['approved', 'approved_with_conditions', 'rejected', 'changes_requested']);
const GROUPS = ['legal', 'brand', 'cfl', 'boss', 'designer', 'holder'] as const;
const STEPS = [
  ['license', 'in_review'],
  ['ip', 'submitted'],
  ['product', 'holder_review'],
] as const;

const review = fc.record({
  record: fc.integer({ min: 0, max: 3 }),
  step: fc.constantFrom(...STEPS),
  group: fc.constantFrom(...GROUPS),
  state: fc.constantFrom(...STATES),
  // Decided in March to May 2026 (the period asked is March to April), after 0 to 20 days.
  decidedAt: fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 4, 31) }),
  tookMinutes: fc.integer({ min: 1, max: 20 * 24 * 60 }),
});

beforeAll(async () => {
  await ensureReady();
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(reviews);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

describe('review statistics', () => {
  it('count decisions only, per record, group and outcome (any set of reviews)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ group: fc.option(fc.constantFrom(...GROUPS)), state: fc.constantFrom(...STATES) })),
        (rows) => {
          const counted = countDecisions(rows);
          const decided = rows.filter((r) => DECIDED.has(r.state));
          expect(counted.total).toBe(decided.length);
          for (const state of DECIDED) expect(counted.byState[state] ?? 0).toBe(decided.filter((r) => r.state === state).length);
          for (const group of [...GROUPS, 'none'])
            for (const state of DECIDED)
              expect(counted.byGroup[group]?.[state] ?? 0).toBe(
                decided.filter((r) => (r.group ?? 'none') === group && r.state === state).length,
              );
          expect(Object.keys(counted.byState).every((s) => DECIDED.has(s))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throughput per month and time per step equal a recomputation from the decided reviews', async () => {
    const db = await getDb();
    const period = { from: '2026-03', to: '2026-04', currency: 'JPY', limit: 10 };
    await fc.assert(
      fc.asyncProperty(fc.array(review, { maxLength: 25 }), async (generated) => {
        await db.delete(reviews);
        const keys = [newKey(), newKey(), newKey(), newKey()];
        const rows = generated.map((g) => {
          const updated = new Date(g.decidedAt);
          return {
            key: newKey(),
            subject_type: g.step[0],
            subject_key: keys[g.record]!,
            group: g.group,
            step: g.step[1],
            state: g.state,
            dateCreated: new Date(g.decidedAt - g.tookMinutes * 60_000),
            dateUpdated: updated,
          };
        });
        if (rows.length) await db.insert(reviews).values(rows);
        const inPeriod = rows.filter(
          (r) =>
            DECIDED.has(r.state) &&
            r.dateUpdated >= new Date(Date.UTC(2026, 2, 1)) &&
            r.dateUpdated < new Date(Date.UTC(2026, 4, 1)),
        );

        const throughput = await reviewThroughput(db, period);
        for (const month of ['2026-03', '2026-04']) {
          const these = inPeriod.filter((r) => r.dateUpdated.toISOString().startsWith(month));
          const approved = these.filter((r) => r.state === 'approved' || r.state === 'approved_with_conditions').length;
          const rejected = these.filter((r) => r.state === 'rejected').length;
          const changes = these.filter((r) => r.state === 'changes_requested').length;
          expect(throughput.rows.find((r) => r[0] === month)).toEqual([month, approved, rejected, changes, these.length]);
        }

        const times = await reviewTimes(db, period);
        const groups = new Map<string, typeof inPeriod>();
        for (const r of inPeriod) {
          const id = `${r.subject_type}|${r.step}|${r.group}`;
          groups.set(id, [...(groups.get(id) ?? []), r]);
        }
        expect(times.rows).toHaveLength(groups.size);
        for (const row of times.rows) {
          const these = groups.get(`${row[0]}|${row[1]}|${row[2]}`)!;
          const took = these.map((r) => (r.dateUpdated.getTime() - r.dateCreated.getTime()) / 60_000);
          expect(row[3]).toBe(these.length);
          // Shown to a tenth of a minute: within half a tenth of the exact figure.
          expect(Math.abs(Number(row[4]) - median(took))).toBeLessThanOrEqual(0.05 + 1e-9);
          expect(Math.abs(Number(row[5]) - took.reduce((a, b) => a + b, 0) / took.length)).toBeLessThanOrEqual(0.05 + 1e-9);
          // However short, a decision's time is never shown as nothing.
          expect(Number(row[4])).toBeGreaterThan(0);
          // Business days: weekday time only (the deadline's rule), to a hundredth, never more than the elapsed days.
          const business = these.map((r) => businessMinutesBetween(r.dateCreated, r.dateUpdated) / (24 * 60));
          expect(Math.abs(Number(row[6]) - median(business))).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(Math.abs(Number(row[7]) - business.reduce((a, b) => a + b, 0) / business.length)).toBeLessThanOrEqual(
            0.005 + 1e-9,
          );
          expect(Number(row[6])).toBeLessThanOrEqual(median(took) / (24 * 60) + 0.005 + 1e-9);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
