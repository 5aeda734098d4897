import { describe, expect, it } from 'vitest';
import { lastDecision } from '@/lib/flow/last-decision';
import { myIpDecisionsRead, parentNamesQuery } from '@/components/ip/designer/my-ip-reads';

const round = (revision: number, state: string, comment: string | null, at: string) => ({
  revision,
  state,
  comment,
  dateUpdated: `2026-11-${at}T00:00:00Z`,
});

describe('lastDecision: what a list shows beside a record', () => {
  it('is none while nothing is decided (pending and closed rounds are not decisions)', () => {
    expect(lastDecision([round(1, 'pending', null, '01'), round(1, 'closed', null, '02')])).toBeNull();
    expect(lastDecision(undefined)).toBeNull();
  });

  it('takes the latest round, preferring a decision with a comment over a later one without', () => {
    const reviews = [
      round(1, 'changes_requested', 'first round', '01'),
      round(2, 'changes_requested', 'the tagline', '03'),
      round(2, 'approved', null, '04'),
    ];
    expect(lastDecision(reviews)?.comment).toBe('the tagline');
  });

  it('takes the newest decision of the round when none has a comment, and accepts Date times', () => {
    const reviews = [
      { revision: 1, state: 'approved', comment: null, dateUpdated: new Date('2026-11-01') },
      { revision: 1, state: 'rejected', comment: null, dateUpdated: new Date('2026-11-05') },
    ];
    expect(lastDecision(reviews)?.state).toBe('rejected');
  });
});

describe('the IP list reads beside its rows', () => {
  const rows = [
    { key: 'a1', parent: 'p1' },
    { key: 'a2', parent: 'p2' },
    { key: 'a3', parent: 'p1' },
  ];

  it('asks the last decisions of every row, in the list order, and nothing for an empty list', () => {
    expect(myIpDecisionsRead(rows)).toEqual({ entity: 'IP', keys: ['a1', 'a2', 'a3'] });
    expect(myIpDecisionsRead([])).toBeNull();
  });

  it('asks each parent once, for its name', () => {
    expect(parentNamesQuery(rows)).toEqual({ filter: { key: { $in: ['p1', 'p2'] } }, limit: 2 });
    expect(parentNamesQuery([{ key: 'a1' }])).toBeNull();
  });
});
