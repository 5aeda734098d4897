import { describe, expect, it } from 'vitest';
import { badgesOf, type BadgeFacts } from '@/lib/profile/badges';

const base = { client: 'calbee', product: 'ipl' } as const;
const of = (access: string[], extra: Partial<BadgeFacts> = {}) => badgesOf({ ...base, access, ...extra });

describe('profile badges (SPEC §6)', () => {
  it('a plain user is a product user only', () => {
    expect(of(['calbee:user'])).toEqual(['productUser']);
  });

  it('the demo admin is product user, product admin and Woollet admin', () => {
    expect(of(['calbee:admin', 'calbee:user', 'woollet:admin'])).toEqual(['productUser', 'productAdmin', 'woolletAdmin']);
  });

  it('boss, the product role or an approver group make a holder', () => {
    expect(of(['calbee:boss'])).toEqual(['holder']);
    expect(of(['calbee:ipl'])).toEqual(['holder']);
    expect(of([], { approver: true })).toEqual(['holder']);
    // Another product's role is not this product's holder.
    expect(of(['calbee:other'])).toEqual([]);
  });

  it('the designer record decides personal or corporate', () => {
    expect(of(['calbee:designer'])).toEqual(['personalDesigner']);
    expect(of(['calbee:designer'], { designerRole: 'personal' })).toEqual(['personalDesigner']);
    expect(of(['calbee:designer'], { designerRole: 'corporate' })).toEqual(['corporateDesigner']);
    expect(of([], { designerRole: 'corporate' })).toEqual(['corporateDesigner']);
  });

  it('the licensee role, or any role inside a licensee organisation, makes a licensee', () => {
    expect(of(['calbee:licensee', 'calbee:owner:licensee:ORG1'])).toEqual(['licensee']);
    expect(of(['calbee:staff:licensee:ORG1'])).toEqual(['licensee']);
    expect(of(['calbee:staff:designer:ORG1'])).toEqual([]);
  });

  it('a person may be designer and licensee; entries of another client count for nothing', () => {
    expect(of(['calbee:designer', 'calbee:licensee'])).toEqual(['personalDesigner', 'licensee']);
    expect(of(['other:admin', 'other:user', 'woollet:user'])).toEqual([]);
  });
});
