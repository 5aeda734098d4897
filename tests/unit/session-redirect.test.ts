import { describe, it, expect } from 'vitest';
import {
  LANGS,
  DEFAULT_LANG,
  REDIRECT_STORAGE_KEY,
  isLang,
  isRootPath,
  addressToStore,
  addressToRestore,
  signInAddress,
  switchLanguagePath,
  languageRedirect,
  decideSession,
  type SessionFacts,
  type SessionDecision,
} from '@/lib/session/redirect';

describe('SPEC §9 Languages: en and jp, default jp', () => {
  it('knows jp and en, jp first and default', () => {
    expect(LANGS).toEqual(['jp', 'en']);
    expect(DEFAULT_LANG).toBe('jp');
    expect(REDIRECT_STORAGE_KEY).toBe('redirectAfterSignIn');
  });

  it('isLang accepts only jp and en', () => {
    expect(isLang('jp')).toBe(true);
    expect(isLang('en')).toBe(true);
    for (const v of ['ja', 'EN', 'Jp', '', null, undefined, 1, {}]) expect(isLang(v), String(v)).toBe(false);
  });
});

describe('SPEC §4 the root path stores nothing (isRootPath)', () => {
  it.each(['/', '/jp', '/en', '/jp/', '/en/', '', '/?x=1', '/jp?x=1', '/en#top'])('%j is the root', (p) => {
    expect(isRootPath(p)).toBe(true);
  });
  it.each(['/help', '/jp/help', '/en/holder/ip', '/japan', '/english', '/de'])('%j is not the root', (p) => {
    expect(isRootPath(p)).toBe(false);
  });
});

describe('SPEC §4 the current address is stored encoded unless on the root path', () => {
  it.each(['/', '/jp', '/en', '/jp/', '/en/'])('stores nothing on the root %j', (p) => {
    expect(addressToStore(p)).toBeNull();
  });

  it.each([
    '/jp/holder/ip',
    '/en/holder/ip?tab=2&sort=name#row-3',
    '/jp/licensee/admin/staff',
    '/jp/help?q=ポテト',
    '/holder/ip',
  ])('stores %j encoded', (p) => {
    const stored = addressToStore(p);
    expect(stored).toBe(encodeURIComponent(p));
    expect(stored).not.toMatch(/[/?#&=]/);
    expect(decodeURIComponent(stored!)).toBe(p);
  });
});

describe('SPEC §4 after sign-in, on the root path the stored address is restored', () => {
  const stored = (p: string) => encodeURIComponent(p);

  it.each(['/', '/jp', '/en', '/jp/', '/en/'])('restores on the root %j', (root) => {
    expect(addressToRestore(root, stored('/jp/holder/ip'))).toBe('/jp/holder/ip');
  });

  it('restores only on the root', () => {
    expect(addressToRestore('/jp/help', stored('/jp/holder/ip'))).toBeNull();
    expect(addressToRestore('/en/holder/ip', stored('/jp/holder/ip'))).toBeNull();
  });

  it('does nothing without a stored address', () => {
    expect(addressToRestore('/jp', null)).toBeNull();
    expect(addressToRestore('/jp', '')).toBeNull();
  });

  it('round-trips query, hash and non-ASCII characters from addressToStore', () => {
    for (const p of [
      '/en/holder/ip?tab=2&sort=name#row-3',
      '/jp/help?q=ポテト',
      '/jp/holder/ip/%E2%9C%93',
      '/jp/holder/ip?next=%2Fjp',
    ]) {
      expect(addressToRestore('/jp', addressToStore(p)), p).toBe(p);
    }
  });

  it('does not restore a stored root (nothing to do)', () => {
    for (const root of ['/', '/jp', '/en', '/en/']) expect(addressToRestore('/jp', stored(root)), root).toBeNull();
  });

  it.each([
    ['protocol-relative URL', '//evil.com'],
    ['protocol-relative URL with path', '//evil.com/jp/holder'],
    ['triple slash', '///evil.com'],
    ['absolute https URL', 'https://evil.com'],
    ['absolute http URL', 'http://evil.com/jp'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path without leading slash', 'evil.com'],
    ['relative path', 'jp/holder/ip'],
    ['backslash host', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['backslash inside the path', '/jp/holder\\..\\ip'],
    ['tab that URL parsers drop', '/\t/evil.com'],
    ['newline that URL parsers drop', '/\n/evil.com'],
    ['carriage return', '/\r/evil.com'],
    ['NUL character', '/jp/\u0000'],
    ['leading space before //', ' //evil.com'],
  ])('rejects a %s', (_label, target) => {
    expect(addressToRestore('/jp', stored(target))).toBeNull();
  });

  it('rejects a raw (unencoded) off-site address too', () => {
    expect(addressToRestore('/jp', '//evil.com')).toBeNull();
    expect(addressToRestore('/jp', 'https://evil.com')).toBeNull();
  });

  it('decodes exactly once: a doubly encoded //host is not a path', () => {
    expect(addressToRestore('/jp', encodeURIComponent(encodeURIComponent('//evil.com')))).toBeNull();
  });

  it.each(['%', '%E0%A4%A', '%ZZ', '%2F%E0%A4%A', '%C0%AF'])('rejects the undecodable %j', (bad) => {
    expect(addressToRestore('/jp', bad)).toBeNull();
  });
});

describe('SPEC §2 Authentication routes: /api/auth/signin with error=SessionRequired and callbackUrl', () => {
  it('points at the next-auth sign-in with error=SessionRequired and the encoded callbackUrl', () => {
    const back = '/jp/holder/ip?tab=2&sort=name#row';
    const address = signInAddress(back);
    expect(address.startsWith('/api/auth/signin?')).toBe(true);
    expect(address).toContain('error=SessionRequired');
    expect(address).toContain(`callbackUrl=${encodeURIComponent(back)}`);
    expect(address).not.toContain('#');
    const params = new URL(address, 'https://app.example').searchParams;
    expect(params.get('error')).toBe('SessionRequired');
    expect(params.get('callbackUrl')).toBe(back);
    expect([...params.keys()]).toEqual(['error', 'callbackUrl']);
  });

  it('keeps a callback containing its own & and = intact', () => {
    const back = '/jp/x?a=1&error=Other';
    const params = new URL(signInAddress(back), 'https://app.example').searchParams;
    expect(params.getAll('error')).toEqual(['SessionRequired']);
    expect(params.get('callbackUrl')).toBe(back);
  });
});

describe('SPEC §4 Language switch: the same page under the new prefix', () => {
  it.each([
    ['/jp/holder/ip', 'en', '/en/holder/ip'],
    ['/en/holder/ip', 'jp', '/jp/holder/ip'],
    ['/en/holder/ip', 'en', '/en/holder/ip'],
    ['/holder/ip', 'jp', '/jp/holder/ip'],
    ['/holder/ip', 'en', '/en/holder/ip'],
    ['/jp/holder/ip?tab=2&sort=name', 'en', '/en/holder/ip?tab=2&sort=name'],
    ['/jp/holder/ip#row-3', 'en', '/en/holder/ip#row-3'],
    ['/jp/holder/ip?tab=2#row-3', 'en', '/en/holder/ip?tab=2#row-3'],
    ['/jp/holder/ip/?tab=2', 'en', '/en/holder/ip?tab=2'],
    ['/jp', 'en', '/en'],
    ['/en', 'jp', '/jp'],
    ['/jp/', 'en', '/en'],
    ['/', 'en', '/en'],
    ['/', 'jp', '/jp'],
    ['', 'en', '/en'],
    ['/jp?x=1', 'en', '/en?x=1'],
    ['/jp#top', 'en', '/en#top'],
    ['/?x=1#top', 'en', '/en?x=1#top'],
    ['/japan', 'en', '/en/japan'],
    ['/jp/x#sec?not-a-query', 'en', '/en/x#sec?not-a-query'],
    ['/jp/x?a=1?b=2', 'en', '/en/x?a=1?b=2'],
    ['/jp/x?a=1#h#i', 'en', '/en/x?a=1#h#i'],
    ['/jp/x?', 'en', '/en/x'],
    ['/jp/x#', 'en', '/en/x'],
  ] as const)('%j → %s → %j', (address, lang, want) => {
    expect(switchLanguagePath(address, lang)).toBe(want);
  });

  it('switching there and back keeps the page, query and hash', () => {
    const address = '/jp/licensee/admin/staff?page=3&q=%E3%81%82#list';
    expect(switchLanguagePath(switchLanguagePath(address, 'en'), 'jp')).toBe(address);
  });
});

describe('SPEC §4 a stored language of en sends a path without /en to the /en version', () => {
  it.each([
    [null, '/jp/holder/ip'],
    [undefined, '/holder/ip'],
    ['', '/'],
    ['jp', '/jp/holder/ip'],
    ['jp', '/'],
    ['EN', '/jp'],
    ['english', '/jp'],
  ])('stored %j on %j → no redirect', (stored, address) => {
    expect(languageRedirect(stored, address)).toBeNull();
  });

  it.each(['/en', '/en/', '/en/holder/ip', '/en?x=1', '/en#top', '/en/holder/ip?x=1#h'])(
    'stored en on the /en path %j → no redirect',
    (address) => {
      expect(languageRedirect('en', address)).toBeNull();
    },
  );

  it.each([
    ['/', '/en'],
    ['/jp', '/en'],
    ['/jp/', '/en'],
    ['/jp/holder/ip', '/en/holder/ip'],
    ['/holder/ip', '/en/holder/ip'],
    ['/jp/holder/ip?tab=2#row', '/en/holder/ip?tab=2#row'],
    ['/?x=1', '/en?x=1'],
    ['/english', '/en/english'],
  ])('stored en on %j → %j', (address, want) => {
    expect(languageRedirect('en', address)).toBe(want);
  });
});

describe('SPEC §4 Session: loading, unauthenticated, valid, invalid or expired; Permission Denied; not ready', () => {
  const base: SessionFacts = {
    status: 'authenticated',
    ready: true,
    valid: true,
    allowed: true,
    isPublic: false,
    address: '/jp/holder/ip',
    storedAddress: null,
  };
  const decide = (over: Partial<SessionFacts>) => decideSession({ ...base, ...over });
  const stored = encodeURIComponent('/jp/holder/ip?tab=2');

  describe('loading', () => {
    it('waits while next-auth is loading, whatever else is known', () => {
      expect(decide({ status: 'loading' })).toEqual({ kind: 'loading' });
      expect(decide({ status: 'loading', isPublic: true, allowed: false, valid: false })).toEqual({ kind: 'loading' });
    });
  });

  describe('unauthenticated', () => {
    it('shows a public page', () => {
      expect(decide({ status: 'unauthenticated', isPublic: true, allowed: false })).toEqual({ kind: 'show' });
      expect(decide({ status: 'unauthenticated', isPublic: true, address: '/jp', storedAddress: stored })).toEqual({
        kind: 'show',
      });
    });

    it('sends a protected page to sign-in, storing the address', () => {
      expect(decide({ status: 'unauthenticated', address: '/jp/holder/ip?tab=2' })).toEqual({
        kind: 'sign-in',
        store: encodeURIComponent('/jp/holder/ip?tab=2'),
        expired: false,
      });
    });

    it('stores nothing when the protected page is the root', () => {
      expect(decide({ status: 'unauthenticated', address: '/jp' })).toEqual({ kind: 'sign-in', store: null, expired: false });
    });

    it('does not look at ready/valid/allowed', () => {
      expect(decide({ status: 'unauthenticated', ready: false, valid: false, allowed: true })).toEqual({
        kind: 'sign-in',
        store: encodeURIComponent('/jp/holder/ip'),
        expired: false,
      });
    });
  });

  describe('expired or invalid session', () => {
    it('sends to sign-in with expired: true and the address to return to', () => {
      expect(decide({ valid: false })).toEqual({ kind: 'sign-in', store: encodeURIComponent('/jp/holder/ip'), expired: true });
    });

    it('wins over not-ready, allowed, public and a stored address', () => {
      expect(decide({ valid: false, ready: false })).toEqual({
        kind: 'sign-in',
        store: encodeURIComponent('/jp/holder/ip'),
        expired: true,
      });
      expect(decide({ valid: false, isPublic: true, address: '/jp', storedAddress: stored })).toEqual({
        kind: 'sign-in',
        store: null,
        expired: true,
      });
    });

    it('an unknown validity (undefined) is not treated as invalid', () => {
      expect(decide({ valid: undefined })).toEqual({ kind: 'show' });
    });
  });

  describe('not ready', () => {
    it('keeps loading until the session is ready', () => {
      expect(decide({ ready: false })).toEqual({ kind: 'loading' });
      expect(decide({ ready: undefined })).toEqual({ kind: 'loading' });
      expect(decide({ ready: false, allowed: false })).toEqual({ kind: 'loading' });
      expect(decide({ ready: false, address: '/jp', storedAddress: stored })).toEqual({ kind: 'loading' });
    });
  });

  describe('restore', () => {
    it('goes back to the stored address on the root', () => {
      for (const root of ['/', '/jp', '/en']) {
        expect(decide({ address: root, storedAddress: stored }), root).toEqual({ kind: 'restore', to: '/jp/holder/ip?tab=2' });
      }
    });

    it('restores before deciding about access', () => {
      expect(decide({ address: '/jp', storedAddress: stored, allowed: false })).toEqual({
        kind: 'restore',
        to: '/jp/holder/ip?tab=2',
      });
    });

    it('does not restore away from the root', () => {
      expect(decide({ address: '/jp/help', storedAddress: stored })).toEqual({ kind: 'show' });
    });

    it('does not restore an off-site stored address', () => {
      expect(decide({ address: '/jp', storedAddress: encodeURIComponent('//evil.com') })).toEqual({ kind: 'show' });
      expect(decide({ address: '/jp', storedAddress: encodeURIComponent('https://evil.com'), allowed: false })).toEqual({
        kind: 'denied',
      });
    });
  });

  describe('denied / show', () => {
    it('denies a signed-in user without access', () => {
      expect(decide({ allowed: false })).toEqual({ kind: 'denied' });
    });

    it('shows the page to a signed-in user with access', () => {
      expect(decide({})).toEqual({ kind: 'show' });
    });

    it('for a signed-in user, allowed decides even on a public page', () => {
      expect(decide({ isPublic: true, allowed: true })).toEqual({ kind: 'show' });
      expect(decide({ isPublic: true, allowed: false })).toEqual({ kind: 'denied' });
    });
  });

  describe('every combination', () => {
    const statuses = ['loading', 'authenticated', 'unauthenticated'] as const;
    const readies = [undefined, false, true];
    const valids = [undefined, false, true];
    const bools = [false, true];
    const addresses = ['/jp', '/en/holder/ip?x=1'];
    const storedAddresses = [null, stored, encodeURIComponent('//evil.com'), '%E0%A4%A'];

    // The SPEC §4 behaviours written as a table of rules, independent of the implementation's order.
    function expected(f: SessionFacts): SessionDecision {
      if (f.status === 'loading') return { kind: 'loading' };
      const signIn = { kind: 'sign-in' as const, store: f.address === '/jp' ? null : encodeURIComponent(f.address) };
      if (f.status === 'unauthenticated') return f.isPublic ? { kind: 'show' } : { ...signIn, expired: false };
      if (f.valid === false) return { ...signIn, expired: true };
      if (f.ready !== true) return { kind: 'loading' };
      if (f.address === '/jp' && f.storedAddress === stored) return { kind: 'restore', to: '/jp/holder/ip?tab=2' };
      return { kind: f.allowed ? 'show' : 'denied' };
    }

    const all: SessionFacts[] = [];
    for (const status of statuses)
      for (const ready of readies)
        for (const valid of valids)
          for (const allowed of bools)
            for (const isPublic of bools)
              for (const address of addresses)
                for (const storedAddress of storedAddresses)
                  all.push({ status, ready, valid, allowed, isPublic, address, storedAddress });

    it(`covers ${all.length} combinations`, () => {
      expect(all.length).toBe(3 * 3 * 3 * 2 * 2 * 2 * 4);
      const seen = new Set<string>();
      for (const facts of all) {
        const got = decideSession(facts);
        expect(got, JSON.stringify(facts)).toEqual(expected(facts));
        seen.add(got.kind);
      }
      expect([...seen].sort()).toEqual(['denied', 'loading', 'restore', 'show', 'sign-in']);
    });

    it('never sends anyone off-site', () => {
      for (const facts of all) {
        const got = decideSession(facts);
        if (got.kind === 'restore') {
          expect(got.to.startsWith('/')).toBe(true);
          expect(got.to.startsWith('//')).toBe(false);
        }
      }
    });
  });
});
