import { describe, expect, it } from 'vitest';
import { termsPlainText } from '@/lib/terms/plain-text';
import { acceptedAfter, acceptTimestamp, decideTermsWall, type WallInput } from '@/lib/terms/wall';

const latest = { 'terms-common': 'C2', 'terms-designer-personal': 'D2', 'terms-licensee': 'L2' } as const;
const designer = (accepted: Record<string, string> = {}, role = 'personal') => ({ key: 'd1', role, accepted });
const licensee = (accepted: Record<string, string> = {}) => ({ key: 'l1', accepted });

function input(overrides: Partial<WallInput>): WallInput {
  return {
    productKey: 'ipl',
    roles: { designer: false, licensee: false },
    designer: null,
    licensee: null,
    latest: { ...latest },
    ...overrides,
  };
}

const upToDateDesigner = { ipl_version: 'C2', designer_version: 'D2' };
const upToDateLicensee = { ipl_version: 'C2', licensee_version: 'L2' };

describe('terms wall (SPEC §4): common prompt', () => {
  it('designer: shown when the accepted {product}_version differs from the latest', () => {
    const d = decideTermsWall(input({ roles: { designer: true, licensee: false }, designer: designer({ ipl_version: 'C1' }) }));
    expect(d.common).toEqual({
      kind: 'terms-common',
      version: 'C2',
      accept: [{ entity: 'Designer', key: 'd1', field: 'ipl_version', version: 'C2' }],
    });
  });

  it('designer: not shown when equal; a licensee record without the licensee role does not count', () => {
    const d = decideTermsWall(
      input({ roles: { designer: true, licensee: false }, designer: designer(upToDateDesigner), licensee: licensee({}) }),
    );
    expect(d.common).toBeNull();
    expect(d.kinds).toEqual([]);
  });

  it('never accepted (no value) differs from the latest', () => {
    const d = decideTermsWall(input({ roles: { designer: true, licensee: false }, designer: designer({}) }));
    expect(d.common?.version).toBe('C2');
  });

  it('licensee: shown when its {product}_version differs, and only for the licensee record', () => {
    const d = decideTermsWall(
      input({ roles: { designer: false, licensee: true }, designer: designer({}), licensee: licensee({ ipl_version: 'C1' }) }),
    );
    expect(d.common?.accept).toEqual([{ entity: 'Licensee', key: 'l1', field: 'ipl_version', version: 'C2' }]);
    expect(
      decideTermsWall(input({ roles: { designer: false, licensee: true }, licensee: licensee(upToDateLicensee) })).common,
    ).toBeNull();
  });

  it('both roles: shown when either differs, accepting patches only the records that differ', () => {
    const both = { designer: true, licensee: true };
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

  it('neither role: shown when either record differs', () => {
    const neither = { designer: false, licensee: false };
    const d = decideTermsWall(
      input({ roles: neither, designer: designer(upToDateDesigner), licensee: licensee({ ipl_version: 'C1' }) }),
    );
    expect(d.common?.accept.map((a) => a.entity)).toEqual(['Licensee']);
    const dd = decideTermsWall(input({ roles: neither, designer: designer({ ipl_version: 'C1' }) }));
    expect(dd.common?.accept.map((a) => a.entity)).toEqual(['Designer']);
    expect(decideTermsWall(input({ roles: neither, designer: designer(upToDateDesigner) })).common).toBeNull();
  });

  it('neither role and no record (admins, holder staff, approvers): no wall at all', () => {
    expect(decideTermsWall(input({}))).toEqual({ common: null, kinds: [] });
  });

  it('a role whose record is missing (failed or empty search): no accepted version, nothing to patch, no prompt', () => {
    expect(decideTermsWall(input({ roles: { designer: true, licensee: true } }))).toEqual({ common: null, kinds: [] });
  });

  it('no published common version: no common prompt, whatever was accepted', () => {
    for (const missing of [undefined, null, '']) {
      const d = decideTermsWall(
        input({
          roles: { designer: true, licensee: false },
          designer: designer({ ipl_version: 'C1' }),
          latest: { ...latest, 'terms-common': missing },
        }),
      );
      expect(d.common).toBeNull();
    }
  });

  it('the field follows the product key', () => {
    const d = decideTermsWall(
      input({ productKey: 'snack', roles: { designer: true, licensee: false }, designer: designer({ ipl_version: 'C2' }) }),
    );
    expect(d.common?.accept[0]?.field).toBe('snack_version');
  });
});

describe('terms wall (SPEC §4): kind-specific prompt', () => {
  it('personal designer: shown when the latest terms-designer-personal is set and differs from designer_version', () => {
    const d = decideTermsWall(
      input({ roles: { designer: true, licensee: false }, designer: designer({ ipl_version: 'C2', designer_version: 'D1' }) }),
    );
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
    const roles = { designer: true, licensee: false };
    expect(decideTermsWall(input({ roles, designer: designer(upToDateDesigner) })).kinds).toEqual([]);
    for (const missing of [undefined, null, '']) {
      const d = decideTermsWall(
        input({ roles, designer: designer({}), latest: { ...latest, 'terms-designer-personal': missing } }),
      );
      expect(d.kinds).toEqual([]);
      expect(d.common).not.toBeNull();
    }
  });

  it('corporate designer: terms-designer-corporate is not a kind, so only the common prompt', () => {
    const d = decideTermsWall(input({ roles: { designer: true, licensee: false }, designer: designer({}, 'corporate') }));
    expect(d.common).not.toBeNull();
    expect(d.kinds).toEqual([]);
  });

  it('a designer record whose role would name terms-common never gets a kind prompt (the kind is not terms-common)', () => {
    const d = decideTermsWall(
      input({ roles: { designer: true, licensee: false }, designer: designer({ ipl_version: 'C2' }, 'common') }),
    );
    expect(d).toEqual({ common: null, kinds: [] });
  });

  it('licensee: terms-licensee against licensee_version, never the designer kind', () => {
    const d = decideTermsWall(input({ roles: { designer: false, licensee: true }, licensee: licensee({ ipl_version: 'C2' }) }));
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-licensee']);
    expect(d.kinds[0]?.accept).toEqual([{ entity: 'Licensee', key: 'l1', field: 'licensee_version', version: 'L2' }]);
    expect(
      decideTermsWall(input({ roles: { designer: false, licensee: true }, licensee: licensee(upToDateLicensee) })).kinds,
    ).toEqual([]);
  });

  it('both roles: the designer kind, then the licensee kind', () => {
    const d = decideTermsWall(
      input({ roles: { designer: true, licensee: true }, designer: designer({}), licensee: licensee({}) }),
    );
    expect(d.common?.accept).toHaveLength(2);
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-designer-personal', 'terms-licensee']);
  });

  it('neither role: the kinds of the records held', () => {
    const d = decideTermsWall(input({ licensee: licensee({ ipl_version: 'C2' }) }));
    expect(d.kinds.map((k) => k.kind)).toEqual(['terms-licensee']);
  });
});

describe('accepted_terms_version after accepting', () => {
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

describe('terms text in the wall', () => {
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
