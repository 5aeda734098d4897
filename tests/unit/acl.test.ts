import { describe, it, expect } from 'vitest';
import { parseEntry, formatEntry, isGrantableEntry } from '@/lib/acl/entry';
import { entryMatches, hasAccess, entitiesOf } from '@/lib/acl/match';
import { accessLists, type AccessListName, type RoleNames } from '@/lib/acl/roles';
import { demoAccounts } from '@/lib/server/db/demo-accounts';

const names: RoleNames = { client: 'calbee', product: 'ipl' };
const ORG = 'ORG1';
const lists = accessLists(names);

describe('parseEntry', () => {
  it('parses a personal entry (client:role)', () => {
    expect(parseEntry('calbee:admin')).toEqual({ client: 'calbee', role: 'admin' });
  });

  it('parses an entity entry (client:role:access:entity)', () => {
    expect(parseEntry('calbee:staff:licensee:ORG1')).toEqual({
      client: 'calbee',
      role: 'staff',
      access: 'licensee',
      entity: 'ORG1',
    });
  });

  it('a personal entry carries no access/entity keys at all', () => {
    const entry = parseEntry('calbee:user');
    expect(entry).not.toBeNull();
    expect(Object.keys(entry!)).toEqual(['client', 'role']);
  });

  it('accepts wildcards, digits, dots, dashes and underscores in segments', () => {
    expect(parseEntry('calbee:*:licensee:*')).toEqual({ client: 'calbee', role: '*', access: 'licensee', entity: '*' });
    expect(parseEntry('a_b.c-1:R2')).toEqual({ client: 'a_b.c-1', role: 'R2' });
  });

  it.each([
    ['', 'empty string'],
    ['calbee', 'one segment'],
    ['calbee:staff:licensee', 'three segments'],
    ['calbee:staff:licensee:ORG1:extra', 'five segments'],
    ['a:b:c:d:e:f', 'six segments'],
    ['calbee:', 'empty role'],
    [':admin', 'empty client'],
    [':', 'two empty segments'],
    ['calbee::licensee:ORG1', 'empty role in entity entry'],
    ['calbee:staff:licensee:', 'empty entity'],
    ['calbee:staff::ORG1', 'empty access'],
    ['calbee: admin', 'space inside a segment'],
    ['calbee :admin', 'space before the colon'],
    ['calbee:ad min', 'space in the middle of the role'],
    ['calbee:staff:licensee:ORG 1', 'space in the entity'],
    ['calbee:ad\tmin', 'tab inside a segment'],
    ['calbee:admin/x', 'slash'],
    ['calbee:管理', 'non-ASCII role'],
    ['calbee;admin', 'wrong separator'],
  ])('rejects %j (%s)', (text) => {
    expect(parseEntry(text)).toBeNull();
  });

  it('tolerates whitespace around the whole entry (it is trimmed)', () => {
    expect(parseEntry('  calbee:admin \n')).toEqual({ client: 'calbee', role: 'admin' });
  });
});

describe('formatEntry', () => {
  it('formats personal and entity entries', () => {
    expect(formatEntry({ client: 'calbee', role: 'admin' })).toBe('calbee:admin');
    expect(formatEntry({ client: 'calbee', role: 'staff', access: 'licensee', entity: 'ORG1' })).toBe(
      'calbee:staff:licensee:ORG1',
    );
  });

  it('falls back to the personal form when access or entity is missing', () => {
    expect(formatEntry({ client: 'calbee', role: 'staff', access: 'licensee' })).toBe('calbee:staff');
    expect(formatEntry({ client: 'calbee', role: 'staff', entity: 'ORG1' })).toBe('calbee:staff');
  });

  it.each(['calbee:admin', 'calbee:owner:licensee:ORG1', 'calbee:*:licensee:*', 'woollet:admin'])(
    'round-trips %s through parse and format',
    (text) => {
      expect(formatEntry(parseEntry(text)!)).toBe(text);
    },
  );
});

describe('isGrantableEntry', () => {
  it.each([
    'calbee:admin',
    'calbee:boss',
    'calbee:ipl',
    'calbee:designer',
    'calbee:licensee',
    'calbee:user',
    'woollet:admin',
    'calbee:staff:licensee:ORG1',
    'calbee:owner:licensee:ORG1',
  ])('%s is grantable', (text) => {
    expect(isGrantableEntry(text)).toBe(true);
  });

  it.each(['calbee:*', '*:admin', 'calbee:*:licensee:*', 'calbee:staff:licensee:*', 'calbee:staff:*:ORG1', 'cal*bee:admin'])(
    '%s carries a wildcard and is not grantable',
    (text) => {
      expect(isGrantableEntry(text)).toBe(false);
    },
  );

  it.each(['', 'calbee', 'calbee:staff:licensee', 'calbee:', 'calbee: admin', 'a:b:c:d:e'])(
    'malformed %j is not grantable',
    (text) => {
      expect(isGrantableEntry(text)).toBe(false);
    },
  );
});

describe('entryMatches', () => {
  describe('exact matches', () => {
    it.each([
      'calbee:admin',
      'calbee:boss',
      'calbee:ipl',
      'calbee:designer',
      'calbee:licensee',
      'calbee:user',
      'woollet:admin',
      'calbee:staff:licensee:ORG1',
    ])('%s satisfies itself', (entry) => {
      expect(entryMatches(entry, entry)).toBe(true);
    });

    it('different roles of the same client do not match', () => {
      expect(entryMatches('calbee:admin', 'calbee:boss')).toBe(false);
      expect(entryMatches('calbee:ipl', 'calbee:admin')).toBe(false);
      expect(entryMatches('calbee:designer', 'calbee:licensee')).toBe(false);
      expect(entryMatches('calbee:admin', 'calbee:user')).toBe(false);
    });

    it('segments compare case-sensitively and in full', () => {
      expect(entryMatches('calbee:admin', 'Calbee:admin')).toBe(false);
      expect(entryMatches('calbee:admin', 'calbee:Admin')).toBe(false);
      expect(entryMatches('calbee:admin', 'calbee:admins')).toBe(false);
      expect(entryMatches('calbee:admin', 'calbee:adm')).toBe(false);
    });

    it('an entity entry needs the same access and entity', () => {
      expect(entryMatches('calbee:staff:licensee:ORG1', 'calbee:staff:licensee:ORG2')).toBe(false);
      expect(entryMatches('calbee:staff:licensee:ORG1', 'calbee:staff:designer:ORG1')).toBe(false);
      expect(entryMatches('calbee:staff:licensee:ORG1', 'calbee:owner:licensee:ORG1')).toBe(false);
    });
  });

  describe('client', () => {
    it('woollet:admin does not satisfy calbee:admin and vice versa', () => {
      expect(entryMatches('calbee:admin', 'woollet:admin')).toBe(false);
      expect(entryMatches('woollet:admin', 'calbee:admin')).toBe(false);
    });

    it('an entity entry of another client does not satisfy the licensee pattern', () => {
      expect(entryMatches('calbee:*:licensee:*', 'woollet:staff:licensee:ORG1')).toBe(false);
    });
  });

  describe('wildcards only on the required side', () => {
    it('calbee:*:licensee:* is met by any role in any licensee of calbee', () => {
      expect(entryMatches('calbee:*:licensee:*', 'calbee:staff:licensee:ORG1')).toBe(true);
      expect(entryMatches('calbee:*:licensee:*', 'calbee:owner:licensee:ORG2')).toBe(true);
    });

    it('calbee:*:licensee:* is not met by another access kind', () => {
      expect(entryMatches('calbee:*:licensee:*', 'calbee:staff:designer:D1')).toBe(false);
    });

    it('a four-segment pattern is not met by a personal entry', () => {
      expect(entryMatches('calbee:*:licensee:*', 'calbee:licensee')).toBe(false);
      expect(entryMatches('calbee:*:licensee:*', 'calbee:admin')).toBe(false);
    });

    it('a wildcard matches exactly one segment', () => {
      expect(entryMatches('calbee:*', 'calbee:admin')).toBe(true);
      expect(entryMatches('*:admin', 'woollet:admin')).toBe(true);
      expect(entryMatches('*:*', 'calbee:user')).toBe(true);
      expect(entryMatches('calbee:*', 'calbee:staff:licensee:ORG1')).toBe(false);
      expect(entryMatches('calbee:staff:licensee:*', 'calbee:staff:licensee:ORG9')).toBe(true);
      expect(entryMatches('calbee:staff:licensee:*', 'calbee:owner:licensee:ORG9')).toBe(false);
    });

    it('a partial wildcard inside a segment is literal, not a glob', () => {
      expect(entryMatches('calbee:adm*', 'calbee:admin')).toBe(false);
    });

    it.each([
      ['calbee:admin', 'calbee:*'],
      ['calbee:admin', '*:admin'],
      ['calbee:admin', '*:*'],
      ['calbee:*', 'calbee:*'],
      ['calbee:*:licensee:*', 'calbee:*:licensee:*'],
      ['calbee:*:licensee:*', 'calbee:staff:licensee:*'],
      ['calbee:staff:licensee:ORG1', 'calbee:staff:licensee:*'],
      ['calbee:staff:licensee:ORG1', 'calbee:*:licensee:ORG1'],
      ['cal*bee:admin', 'cal*bee:admin'],
    ])('required %s is NOT met by granted %s (a granted wildcard never matches)', (required, granted) => {
      expect(entryMatches(required, granted)).toBe(false);
    });
  });

  describe('personal vs entity entries', () => {
    it('calbee:admin:licensee:X does NOT satisfy the personal role calbee:admin', () => {
      expect(entryMatches('calbee:admin', 'calbee:admin:licensee:X')).toBe(false);
    });

    it('calbee:licensee:licensee:X does NOT satisfy the personal role calbee:licensee', () => {
      expect(entryMatches('calbee:licensee', 'calbee:licensee:licensee:X')).toBe(false);
    });

    it('calbee:designer:designer:X does NOT satisfy calbee:designer', () => {
      expect(entryMatches('calbee:designer', 'calbee:designer:designer:X')).toBe(false);
    });

    it('calbee:staff:licensee:X satisfies calbee:*:licensee:*', () => {
      expect(entryMatches('calbee:*:licensee:*', 'calbee:staff:licensee:X')).toBe(true);
    });

    it('a personal entry does not satisfy an entity pattern of the same role', () => {
      expect(entryMatches('calbee:admin:licensee:X', 'calbee:admin')).toBe(false);
    });
  });

  describe('malformed input never matches', () => {
    it.each([
      ['calbee:admin', 'calbee:admin:licensee'],
      ['calbee:admin', 'calbee:'],
      ['calbee:admin', ':admin'],
      ['calbee:admin', 'calbee: admin'],
      ['calbee:admin', 'calbee:ad min'],
      ['calbee:admin', ''],
      ['calbee:admin', 'calbee'],
      ['calbee:admin:licensee', 'calbee:admin:licensee'],
      ['calbee:', 'calbee:'],
      ['', ''],
      ['calbee:*:licensee', 'calbee:staff:licensee'],
      ['calbee:*:licensee:*', 'calbee:staff:licensee:ORG 1'],
    ])('required %j vs granted %j → false', (required, granted) => {
      expect(entryMatches(required, granted)).toBe(false);
    });
  });
});

describe('hasAccess', () => {
  it('an empty or missing required list is open, even with no grants', () => {
    expect(hasAccess([], [])).toBe(true);
    expect(hasAccess(undefined, [])).toBe(true);
    expect(hasAccess([], ['calbee:user'])).toBe(true);
    expect(hasAccess(undefined, ['woollet:admin'])).toBe(true);
  });

  it('a non-empty required list with no grants is closed', () => {
    expect(hasAccess(['calbee:admin'], [])).toBe(false);
    expect(hasAccess(['calbee:*:licensee:*'], [])).toBe(false);
  });

  it('any required pattern met by any granted entry allows access', () => {
    expect(hasAccess(['calbee:admin', 'calbee:boss'], ['calbee:user', 'calbee:boss'])).toBe(true);
    expect(hasAccess(['calbee:admin', 'calbee:boss'], ['calbee:user', 'calbee:ipl'])).toBe(false);
  });

  it('malformed grants are ignored while valid ones still count', () => {
    expect(hasAccess(['calbee:admin'], ['calbee', 'calbee:admin:x', 'calbee:admin'])).toBe(true);
    expect(hasAccess(['calbee:admin'], ['calbee', 'calbee:admin:x', 'calbee:*'])).toBe(false);
  });

  it('a malformed required pattern is skipped, not treated as open', () => {
    expect(hasAccess(['calbee'], ['calbee:admin'])).toBe(false);
    expect(hasAccess(['calbee', 'calbee:admin'], ['calbee:admin'])).toBe(true);
  });
});

describe('entitiesOf', () => {
  const granted = [
    'calbee:user',
    'calbee:licensee',
    'calbee:owner:licensee:ORG1',
    'calbee:staff:licensee:ORG2',
    'calbee:staff:licensee:ORG1',
    'calbee:staff:designer:D1',
    'woollet:staff:licensee:W1',
    'calbee:staff:licensee:*',
    'calbee:*:licensee:ORG3',
    'calbee:staff:licensee',
    'garbage',
  ];

  it('lists the licensee entities of the client once each, in first-seen order', () => {
    expect(entitiesOf(granted, 'licensee', 'calbee')).toEqual(['ORG1', 'ORG2']);
  });

  it('filters by role when roles are given', () => {
    expect(entitiesOf(granted, 'licensee', 'calbee', ['owner'])).toEqual(['ORG1']);
    expect(entitiesOf(granted, 'licensee', 'calbee', ['staff'])).toEqual(['ORG2', 'ORG1']);
    expect(entitiesOf(granted, 'licensee', 'calbee', ['admin'])).toEqual([]);
    expect(entitiesOf(granted, 'licensee', 'calbee', [])).toEqual([]);
  });

  it('filters by access kind and client', () => {
    expect(entitiesOf(granted, 'designer', 'calbee')).toEqual(['D1']);
    expect(entitiesOf(granted, 'licensee', 'woollet')).toEqual(['W1']);
    expect(entitiesOf(granted, 'licensee', 'other')).toEqual([]);
  });

  it('ignores personal entries, wildcard entries and malformed entries', () => {
    expect(
      entitiesOf(['calbee:licensee', 'calbee:*:licensee:*', 'calbee:x:licensee:*', 'calbee:x:licensee'], 'licensee', 'calbee'),
    ).toEqual([]);
  });

  it('is empty for no grants', () => {
    expect(entitiesOf([], 'licensee', 'calbee')).toEqual([]);
  });
});

describe('accessLists', () => {
  it('builds the SPEC lists for calbee / ipl', () => {
    expect(lists).toEqual({
      signedIn: [],
      holder: ['calbee:admin', 'calbee:boss', 'calbee:ipl'],
      holderProductOnly: ['calbee:ipl', 'calbee:admin'],
      designer: ['calbee:designer'],
      licensee: ['calbee:licensee', 'calbee:*:licensee:*'],
      licenseeBusiness: ['calbee:licensee', 'calbee:owner:licensee:*', 'calbee:admin:licensee:*', 'calbee:staff:licensee:*'],
      licenseeAdmin: ['calbee:owner:licensee:*', 'calbee:admin:licensee:*'],
      system: ['calbee:admin'],
      dataMaintenance: ['calbee:admin'],
    });
  });

  it('follows the configured client and product', () => {
    const other = accessLists({ client: 'acme', product: 'toys' });
    expect(other.holder).toEqual(['acme:admin', 'acme:boss', 'acme:toys']);
    expect(other.holderProductOnly).toEqual(['acme:toys', 'acme:admin']);
    expect(other.licensee).toEqual(['acme:licensee', 'acme:*:licensee:*']);
    expect(hasAccess(other.system, ['calbee:admin'])).toBe(false);
    expect(hasAccess(other.system, ['acme:admin'])).toBe(true);
  });

  it('every pattern of every list parses', () => {
    for (const patterns of Object.values(lists)) {
      for (const pattern of patterns) expect(parseEntry(pattern), pattern).not.toBeNull();
    }
  });

  it('returns fresh arrays per call (callers cannot corrupt each other)', () => {
    const a = accessLists(names);
    a.holder.push('calbee:user');
    expect(accessLists(names).holder).toEqual(['calbee:admin', 'calbee:boss', 'calbee:ipl']);
  });

  describe('holder', () => {
    it.each(['calbee:admin', 'calbee:boss', 'calbee:ipl'])('%s is a holder', (entry) => {
      expect(hasAccess(lists.holder, [entry])).toBe(true);
    });
    it.each([
      'calbee:user',
      'calbee:designer',
      'calbee:licensee',
      'woollet:admin',
      'calbee:admin:licensee:X',
      'calbee:ipl:licensee:X',
      'calbee:*',
    ])('%s is not a holder', (entry) => {
      expect(hasAccess(lists.holder, [entry])).toBe(false);
    });
    it('holderProductOnly admits the product role and admin, not boss', () => {
      expect(hasAccess(lists.holderProductOnly, ['calbee:ipl'])).toBe(true);
      expect(hasAccess(lists.holderProductOnly, ['calbee:admin'])).toBe(true);
      expect(hasAccess(lists.holderProductOnly, ['calbee:boss'])).toBe(false);
    });
  });

  describe('designer', () => {
    it('admits calbee:designer only', () => {
      expect(hasAccess(lists.designer, ['calbee:designer'])).toBe(true);
      expect(hasAccess(lists.designer, ['calbee:admin'])).toBe(false);
      expect(hasAccess(lists.designer, ['calbee:designer:designer:D1'])).toBe(false);
      expect(hasAccess(lists.designer, ['woollet:designer'])).toBe(false);
    });
  });

  describe('licensee', () => {
    it('admits the personal licensee role and any staff of a licensee', () => {
      expect(hasAccess(lists.licensee, ['calbee:licensee'])).toBe(true);
      expect(hasAccess(lists.licensee, ['calbee:staff:licensee:ORG1'])).toBe(true);
      expect(hasAccess(lists.licensee, ['calbee:owner:licensee:ORG1'])).toBe(true);
    });
    it('refuses others', () => {
      expect(hasAccess(lists.licensee, ['calbee:admin'])).toBe(false);
      expect(hasAccess(lists.licensee, ['calbee:staff:designer:D1'])).toBe(false);
      expect(hasAccess(lists.licensee, ['woollet:staff:licensee:ORG1'])).toBe(false);
      expect(hasAccess(lists.licensee, ['calbee:*:licensee:*'])).toBe(false);
    });
  });

  describe('system / dataMaintenance', () => {
    it('admit only the personal calbee:admin', () => {
      for (const list of [lists.system, lists.dataMaintenance]) {
        expect(hasAccess(list, ['calbee:admin'])).toBe(true);
        expect(hasAccess(list, ['woollet:admin'])).toBe(false);
        expect(hasAccess(list, ['calbee:admin:licensee:X'])).toBe(false);
        expect(hasAccess(list, ['calbee:boss', 'calbee:ipl'])).toBe(false);
      }
    });
  });

  it('signedIn is open to any signed-in user, even one with no entries', () => {
    expect(hasAccess(lists.signedIn, [])).toBe(true);
  });
});

describe('demo roles × access lists', () => {
  const LIST_NAMES: AccessListName[] = [
    'signedIn',
    'holder',
    'holderProductOnly',
    'designer',
    'licensee',
    'licenseeBusiness',
    'licenseeAdmin',
    'system',
    'dataMaintenance',
  ];

  it('the table covers every access list', () => {
    expect([...LIST_NAMES].sort()).toEqual(Object.keys(lists).sort());
  });

  const holderLike = {
    signedIn: true,
    holder: true,
    holderProductOnly: true,
    designer: false,
    licensee: false,
    licenseeBusiness: false,
    licenseeAdmin: false,
    system: false,
    dataMaintenance: false,
  };
  const designerLike = {
    signedIn: true,
    holder: false,
    holderProductOnly: false,
    designer: true,
    licensee: false,
    licenseeBusiness: false,
    licenseeAdmin: false,
    system: false,
    dataMaintenance: false,
  };
  const licenseeLike = {
    signedIn: true,
    holder: false,
    holderProductOnly: false,
    designer: false,
    licensee: true,
    licenseeBusiness: true,
    licenseeAdmin: true,
    system: false,
    dataMaintenance: false,
  };

  const expected: Record<string, Record<AccessListName, boolean>> = {
    admin: {
      signedIn: true,
      holder: true,
      holderProductOnly: true,
      designer: false,
      licensee: false,
      licenseeBusiness: false,
      licenseeAdmin: false,
      system: true,
      dataMaintenance: true,
    },
    boss: {
      signedIn: true,
      holder: true,
      holderProductOnly: false,
      designer: false,
      licensee: false,
      licenseeBusiness: false,
      licenseeAdmin: false,
      system: false,
      dataMaintenance: false,
    },
    holder: holderLike,
    'legal-approver': holderLike,
    'legal-manager': holderLike,
    'brand-approver': holderLike,
    'brand-manager': holderLike,
    'cfl-approver': holderLike,
    'cfl-manager': holderLike,
    designer: designerLike,
    'corporate-designer': designerLike,
    'licensee-owner': licenseeLike,
    // Staff report sales and invoices; managing the organisation is for its owners and admins.
    'licensee-staff': { ...licenseeLike, licenseeAdmin: false },
    user: {
      signedIn: true,
      holder: false,
      holderProductOnly: false,
      designer: false,
      licensee: false,
      licenseeBusiness: false,
      licenseeAdmin: false,
      system: false,
      dataMaintenance: false,
    },
  };

  it('every demo account has a row and every row is a demo account', () => {
    expect(demoAccounts.map((a) => a.id).sort()).toEqual(Object.keys(expected).sort());
  });

  it('every demo grant is a grantable entry', () => {
    for (const account of demoAccounts) {
      for (const entry of account.access(names, ORG)) expect(isGrantableEntry(entry), `${account.id}: ${entry}`).toBe(true);
    }
  });

  const cases = demoAccounts.flatMap((account) =>
    LIST_NAMES.map((list) => ({ id: account.id, list, account, want: expected[account.id]?.[list] })),
  );

  it.each(cases)('$id × $list → $want', ({ account, list, want }) => {
    expect(hasAccess(lists[list], account.access(names, ORG))).toBe(want);
  });

  it('the licensee staff member belongs to ORG1 only', () => {
    const staff = demoAccounts.find((a) => a.id === 'licensee-staff')!;
    const owner = demoAccounts.find((a) => a.id === 'licensee-owner')!;
    expect(entitiesOf(staff.access(names, ORG), 'licensee', 'calbee')).toEqual([ORG]);
    expect(entitiesOf(owner.access(names, ORG), 'licensee', 'calbee')).toEqual([ORG]);
    expect(entitiesOf(owner.access(names, ORG), 'licensee', 'calbee', ['owner'])).toEqual([ORG]);
    expect(entitiesOf(staff.access(names, ORG), 'licensee', 'calbee', ['owner'])).toEqual([]);
  });
});
