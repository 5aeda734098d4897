import { describe, expect, it } from 'vitest';
import { termsPlainText } from '@/lib/terms/plain-text';
import { latestInForce } from '@/lib/terms/kinds';
import { wallCovers } from '@/lib/screens';
import { acceptedAfter, acceptedChanges, acceptTimestamp, decideTermsWall, kindOfField, type WallInput } from '@/lib/terms/wall';

const latest = { 'terms-common': 'C2', 'terms-designer-personal': 'D2', 'terms-licensee': 'L2' } as const;
const designer = (accepted: Record<string, string> = {}) => ({ key: 'd1', accepted });
const licensee = (accepted: Record<string, string> = {}) => ({ key: 'l1', accepted });
const user = (accepted: Record<string, string> = {}) => ({ key: 'sub-1', accepted });

function input(overrides: Partial<WallInput>): WallInput {
  return {
    productKey: 'ipl',
    roles: { designer: false, licensee: false },
    designer: null,
    licensee: null,
    user: user(),
    latest: { ...latest },
    ...overrides,
  };
}

const upToDateDesigner = { ipl_version: 'C2', designer_version: 'D2' };
const upToDateLicensee = { ipl_version: 'C2', licensee_version: 'L2' };
const asDesigner = { designer: true, licensee: false };
const asLicensee = { designer: false, licensee: true };
const both = { designer: true, licensee: true };
const neither = { designer: false, licensee: false };

describe('SPEC §4 Terms kinds: the common prompt', () => {
  it('designer: shown when the accepted {product}_version differs from the latest', () => {
    const d = decideTermsWall(input({ roles: asDesigner, designer: designer({ ipl_version: 'C1' }) }));
    expect(d.common).toEqual({
      kind: 'terms-common',
      version: 'C2',
      accept: [{ entity: 'Designer', key: 'd1', field: 'ipl_version', version: 'C2' }],
    });
  });

  it('designer: not shown when equal; a licensee record without the licensee role does not count', () => {
    const d = decideTermsWall(input({ roles: asDesigner, designer: designer(upToDateDesigner), licensee: licensee({}) }));
    expect(d).toEqual({ common: null, kinds: [] });
  });

  it('never accepted (no value) differs from the latest', () => {
    expect(decideTermsWall(input({ roles: asDesigner, designer: designer({}) })).common?.version).toBe('C2');
  });

  it('licensee: shown when its {product}_version differs, and only for the licensee record', () => {
    const d = decideTermsWall(input({ roles: asLicensee, designer: designer({}), licensee: licensee({ ipl_version: 'C1' }) }));
    expect(d.common?.accept).toEqual([{ entity: 'Licensee', key: 'l1', field: 'ipl_version', version: 'C2' }]);
    expect(decideTermsWall(input({ roles: asLicensee, licensee: licensee(upToDateLicensee) })).common).toBeNull();
  });

  it('both roles: shown when either differs, accepting patches only the records that differ', () => {
    const one = decideTermsWall(
      input({ roles: both, designer: designer(upToDateDesigner), licensee: licensee({ ipl_version: 'C1' }) }),
    );
    expect(one.common?.accept.map((a) => a.entity)).toEqual(['Licensee']);
    const two = decideTermsWall(input({ roles: both, designer: designer({}), licensee: licensee({}) }));
    expect(two.common?.accept.map((a) => a.entity)).toEqual(['Designer', 'Licensee']);
    const none = decideTermsWall(
      input({ roles: both, designer: designer(upToDateDesigner), licensee: licensee(upToDateLicensee) }),
    );
    expect(none).toEqual({ common: null, kinds: [] });
  });

  it('neither role (admin, boss, holder staff, approvers, plain users): compared and kept on their own user record', () => {
    const d = decideTermsWall(input({ roles: neither }));
    expect(d.common?.accept).toEqual([{ entity: 'User', key: 'sub-1', field: 'ipl_version', version: 'C2' }]);
    expect(d.kinds).toEqual([]);
    expect(decideTermsWall(input({ roles: neither, user: user({ ipl_version: 'C2' }) }))).toEqual({ common: null, kinds: [] });
  });

  it('neither role: records owned without the role (a revoked designer, staff who registered designers) are not asked for', () => {
    const d = decideTermsWall(
      input({ roles: neither, designer: designer({}), licensee: licensee({}), user: user({ ipl_version: 'C1' }) }),
    );
    expect(d.common?.accept.map((a) => a.entity)).toEqual(['User']);
    expect(d.kinds).toEqual([]);
  });

  it('no published common version in force: no common prompt, whatever was accepted', () => {
    for (const missing of [undefined, null, '']) {
      for (const roles of [asDesigner, asLicensee, both, neither]) {
        const d = decideTermsWall(
          input({ roles, designer: designer({ ipl_version: 'C1' }), latest: { ...latest, 'terms-common': missing } }),
        );
        expect(d.common).toBeNull();
      }
    }
  });

  it('the field follows the product key', () => {
    const d = decideTermsWall(input({ productKey: 'snack', roles: asDesigner, designer: designer({ ipl_version: 'C2' }) }));
    expect(d.common?.accept[0]?.field).toBe('snack_version');
  });
});

describe('SPEC §4 Terms kinds: a designer or licensee whose record does not exist yet', () => {
  it('a designer without a Designer record is asked for both prompts, kept on the user record', () => {
    const d = decideTermsWall(input({ roles: asDesigner }));
    expect(d.common?.accept).toEqual([{ entity: 'User', key: 'sub-1', field: 'ipl_version', version: 'C2' }]);
    expect(d.kinds).toEqual([
      {
        kind: 'terms-designer-personal',
        version: 'D2',
        accept: [{ entity: 'User', key: 'sub-1', field: 'designer_version', version: 'D2' }],
      },
    ]);
  });

  it('a licensee member owning no Licensee record is asked for the licensee terms on the user record', () => {
    const d = decideTermsWall(input({ roles: asLicensee }));
    expect(d.common?.accept.map((a) => a.entity)).toEqual(['User']);
    expect(d.kinds[0]?.accept).toEqual([{ entity: 'User', key: 'sub-1', field: 'licensee_version', version: 'L2' }]);
  });

  it('both roles and no records: one common acceptance on the user record, then both kinds there', () => {
    const d = decideTermsWall(input({ roles: both }));
    expect(d.common?.accept).toHaveLength(1);
    expect(d.kinds.map((k) => [k.kind, k.accept[0]?.entity])).toEqual([
      ['terms-designer-personal', 'User'],
      ['terms-licensee', 'User'],
    ]);
  });

  it('once accepted on the user record, not asked again', () => {
    const accepted = { ipl_version: 'C2', designer_version: 'D2', licensee_version: 'L2' };
    expect(decideTermsWall(input({ roles: both, user: user(accepted) }))).toEqual({ common: null, kinds: [] });
  });
});

describe('SPEC §4 Terms kinds: the kind-specific prompt', () => {
  it('personal designer: shown when the latest terms-designer-personal is set and differs from designer_version', () => {
    const d = decideTermsWall(input({ roles: asDesigner, designer: designer({ ipl_version: 'C2', designer_version: 'D1' }) }));
    expect(d.common).toBeNull();
    expect(d.kinds).toEqual([
      {
        kind: 'terms-designer-personal',
        version: 'D2',
        accept: [{ entity: 'Designer', key: 'd1', field: 'designer_version', version: 'D2' }],
      },
    ]);
  });

  it('not shown when equal, or when the kind has no published version', () => {
    expect(decideTermsWall(input({ roles: asDesigner, designer: designer(upToDateDesigner) })).kinds).toEqual([]);
    for (const missing of [undefined, null, '']) {
      const d = decideTermsWall(
        input({ roles: asDesigner, designer: designer({}), latest: { ...latest, 'terms-designer-personal': missing } }),
      );
      expect(d.kinds).toEqual([]);
      expect(d.common).not.toBeNull();
    }
  });

  it('a corporate designer gets the creator terms too: the kind follows the role held, not the record', () => {
    const d = decideTermsWall(
      input({ roles: asDesigner, designer: { key: 'd1', role: 'corporate', accepted: { ipl_version: 'C2' } } as never }),
    );
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-designer-personal']);
  });

  it('licensee: terms-licensee against licensee_version, never the designer kind', () => {
    const d = decideTermsWall(input({ roles: asLicensee, licensee: licensee({ ipl_version: 'C2' }) }));
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-licensee']);
    expect(d.kinds[0]?.accept).toEqual([{ entity: 'Licensee', key: 'l1', field: 'licensee_version', version: 'L2' }]);
    expect(decideTermsWall(input({ roles: asLicensee, licensee: licensee(upToDateLicensee) })).kinds).toEqual([]);
  });

  it('both roles: the designer kind, then the licensee kind', () => {
    const d = decideTermsWall(input({ roles: both, designer: designer({}), licensee: licensee({}) }));
    expect(d.common?.accept).toHaveLength(2);
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-designer-personal', 'terms-licensee']);
  });

  it('neither role: no kind is held, so no kind-specific prompt', () => {
    expect(decideTermsWall(input({ roles: neither, licensee: licensee({ ipl_version: 'C2' }) })).kinds).toEqual([]);
  });

  it('every kind of user, every combination of accepted versions: a prompt exactly when a compared version differs', () => {
    const choices = [undefined, 'old', 'new'] as const;
    for (const roles of [asDesigner, asLicensee, both, neither]) {
      for (const hasRecords of [false, true]) {
        for (const c of choices) {
          for (const k of choices) {
            const value = (v: (typeof choices)[number], now: string) => (v === 'new' ? now : v);
            const accepted = { ipl_version: value(c, 'C2'), designer_version: value(k, 'D2'), licensee_version: value(k, 'L2') };
            const clean = Object.fromEntries(Object.entries(accepted).filter(([, v]) => v !== undefined)) as Record<
              string,
              string
            >;
            const d = decideTermsWall(
              input({
                roles,
                designer: hasRecords ? designer(clean) : null,
                licensee: hasRecords ? licensee(clean) : null,
                user: user(clean),
              }),
            );
            expect(Boolean(d.common)).toBe(c !== 'new');
            const held = roles === neither ? 0 : Number(roles.designer) + Number(roles.licensee);
            expect(d.kinds).toHaveLength(k === 'new' ? 0 : held);
          }
        }
      }
    }
  });
});

describe('SPEC §4 which field belongs to which kind', () => {
  it('maps the accepted fields to their kinds, and ignores updated', () => {
    expect(kindOfField('ipl_version', 'ipl')).toBe('terms-common');
    expect(kindOfField('designer_version', 'ipl')).toBe('terms-designer-personal');
    expect(kindOfField('licensee_version', 'ipl')).toBe('terms-licensee');
    expect(kindOfField('updated', 'ipl')).toBeNull();
  });

  it('a change names only the versions it newly accepts', () => {
    expect(
      acceptedChanges(
        { ipl_version: 'C1', designer_version: 'D2' },
        { ipl_version: 'C2', designer_version: 'D2', updated: 'x' },
        'ipl',
      ),
    ).toEqual([{ kind: 'terms-common', field: 'ipl_version', version: 'C2' }]);
    expect(acceptedChanges(null, { licensee_version: 'L1' }, 'ipl')).toEqual([
      { kind: 'terms-licensee', field: 'licensee_version', version: 'L1' },
    ]);
  });
});

describe('SPEC §3 terms versions: the one in force', () => {
  it('is the newest version not withdrawn', () => {
    const v = (version: string, withdrawn?: string) => ({ metadata: { version, ...(withdrawn ? { withdrawn } : {}) } });
    expect(latestInForce([v('1'), v('2')])?.metadata.version).toBe('2');
    expect(latestInForce([v('1'), v('2', '2026-01-01T00:00:00Z')])?.metadata.version).toBe('1');
    expect(latestInForce([v('1', 'x'), v('2', 'y')])).toBeNull();
    expect(latestInForce([])).toBeNull();
  });
});

describe('SPEC §7/§9 accepted_terms_version after accepting', () => {
  it('the timestamp is UTC with a +00:00 offset, never Z', () => {
    expect(acceptTimestamp(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22T10:00:00.000+00:00');
    expect(acceptTimestamp()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
  });

  it('keeps the other accepted versions and sets updated', () => {
    const next = acceptedAfter(
      { ipl_version: 'C1', designer_version: 'D1', updated: 'old' },
      [{ field: 'ipl_version', version: 'C2' }],
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(next).toEqual({ ipl_version: 'C2', designer_version: 'D1', updated: '2026-11-22T10:00:00.000+00:00' });
  });
});

describe('SPEC §2 Layout: terms text in the wall (10 rows, read-only)', () => {
  it('HTML becomes readable plain text: block ends break lines, entities are decoded', () => {
    expect(termsPlainText('<h2>第1条</h2><p>Fair &amp; square&nbsp;use</p><ul><li>One</li><li>Two</li></ul>', 'html')).toBe(
      '第1条\nFair & square use\n• One\n• Two',
    );
    expect(termsPlainText('a<br>b &#39;c&#x27;', 'html')).toBe("a\nb 'c'");
  });

  it('plain text stays as written', () => {
    expect(termsPlainText('<b>not html</b>\n  indented', 'text')).toBe('<b>not html</b>\n  indented');
  });
});

describe('pages the wall does not cover', () => {
  it('are the three terms pages, where the full terms are read and the next version is published', () => {
    for (const route of ['/[lang]/terms', '/[lang]/terms-designer', '/[lang]/terms-licensee']) {
      expect(wallCovers(route), route).toBe(false);
    }
    for (const route of ['/[lang]', '/[lang]/holder/ip', '/[lang]/profile', '/[lang]/help', '/[lang]/licensee/invoice']) {
      expect(wallCovers(route), route).toBe(true);
    }
  });
});
