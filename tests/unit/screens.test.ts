import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { screens, allScreens, screenOf, breadcrumbOf } from '@/lib/screens';
import { menuGroups } from '@/lib/menu/definition';
import { isEntryActive, pathWithoutLang } from '@/lib/menu/match';
import { accessLists } from '@/lib/acl/roles';

const menuEntries = menuGroups.flatMap((g) => g.entries.map((e) => ({ ...e, group: g.title })));
const listNames = Object.keys(accessLists({ client: 'calbee', product: 'ipl' }));

describe('screen table', () => {
  it('every screen has a unique path', () => {
    const paths = allScreens.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(screens.size).toBe(allScreens.length);
  });

  it('every screen has a unique title key', () => {
    const titles = allScreens.map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('paths are absolute, without language prefix, query or trailing slash', () => {
    for (const s of allScreens) {
      expect(s.path.startsWith('/'), s.path).toBe(true);
      expect(pathWithoutLang(s.path), s.path).toBe(s.path);
    }
  });

  it('every acl is an access list name or public', () => {
    for (const s of allScreens) expect([...listNames, 'public'], s.path).toContain(s.acl);
  });

  it('the home screen is public', () => {
    expect(screenOf('/')).toMatchObject({ path: '/', title: 'home', acl: 'public', section: 'home' });
  });

  it('every parent is a screen of the same section, and parent chains end (no cycles)', () => {
    for (const s of allScreens) {
      const seen = new Set<string>([s.path]);
      let current = s;
      while (current.parent) {
        const parent = screens.get(current.parent);
        expect(parent, `${current.path} → ${current.parent}`).toBeDefined();
        expect(parent!.section, current.path).toBe(current.section);
        expect(seen.has(parent!.path), `cycle at ${parent!.path}`).toBe(false);
        seen.add(parent!.path);
        current = parent!;
      }
    }
  });

  it('a child screen needs at least the access its parent needs', () => {
    for (const s of allScreens.filter((x) => x.parent)) {
      expect(s.acl, s.path).toBe(screenOf(s.parent!).acl);
    }
  });

  it('screenOf returns the screen and throws on an unknown path', () => {
    expect(screenOf('/holder/profile').title).toBe('holder.profile');
    expect(() => screenOf('/nope')).toThrow(/unknown screen \/nope/);
    expect(() => screenOf('/jp/holder/ip')).toThrow();
  });
});

describe('SPEC §2 Layout: breadcrumb above content', () => {
  const trail = (p: string) => breadcrumbOf(p).map((s) => s.title);

  it("'/holder/profile' is home → holder.list → holder.profile", () => {
    expect(trail('/holder/profile')).toEqual(['home', 'holder.list', 'holder.profile']);
    expect(breadcrumbOf('/holder/profile').map((s) => s.path)).toEqual(['/', '/holder/list', '/holder/profile']);
  });

  it('the root is home alone', () => {
    expect(trail('/')).toEqual(['home']);
  });

  it('a top-level screen is home → screen', () => {
    expect(trail('/holder/ip')).toEqual(['home', 'holder.ip']);
    expect(trail('/help')).toEqual(['home', 'help']);
    expect(trail('/sys/schema')).toEqual(['home', 'data.schema']);
  });

  it('licensee admin pages hang under the admin profile', () => {
    for (const [p, title] of [
      ['/licensee/admin/staff', 'licensee.adminStaff'],
      ['/licensee/admin/administrator', 'licensee.adminAdministrator'],
      ['/licensee/admin/designer', 'licensee.adminDesigner'],
    ]) {
      expect(trail(p!), p).toEqual(['home', 'licensee.adminProfile', title]);
    }
  });

  it('every screen trail starts at home, ends at the screen and has home only once', () => {
    for (const s of allScreens) {
      const t = breadcrumbOf(s.path);
      expect(t[0]!.path, s.path).toBe('/');
      expect(t[t.length - 1], s.path).toBe(s);
      expect(t.filter((x) => x.path === '/').length, s.path).toBe(1);
    }
  });
});

describe('screens and the menu', () => {
  it('every menu entry path is a screen', () => {
    for (const e of menuEntries) expect(screens.has(e.path), `${e.name} ${e.path}`).toBe(true);
  });

  it('every menu entry name is the title of its screen', () => {
    for (const e of menuEntries) expect(screenOf(e.path).title, e.path).toBe(e.name);
  });

  it('menu entries outside the general section need the same access as their screen', () => {
    for (const e of menuEntries.filter((x) => x.group !== 'section.general')) {
      expect(e.acl, e.path).toBe(screenOf(e.path).acl);
    }
  });

  it('general entries point at public or signed-in screens', () => {
    for (const e of menuEntries.filter((x) => x.group === 'section.general')) {
      expect(['public', 'signedIn'], e.path).toContain(screenOf(e.path).acl);
    }
  });

  it('menu entries sit in the group of their screen section', () => {
    const groupOfSection: Record<string, string> = {
      home: 'section.general',
      other: 'section.general',
      holder: 'section.holder',
      designer: 'section.designer',
      licensee: 'section.licensee',
      system: 'section.system',
      data: 'section.data',
    };
    for (const e of menuEntries) expect(e.group, e.path).toBe(groupOfSection[screenOf(e.path).section]);
  });

  it('every screen of a menu section is reachable: its own entry or an ancestor entry is active on it', () => {
    const sections = ['holder', 'designer', 'licensee', 'system', 'data'];
    for (const s of allScreens.filter((x) => sections.includes(x.section))) {
      const active = menuEntries.filter((e) => isEntryActive(e, `/jp${s.path}`));
      expect(active.length, s.path).toBe(1);
      const trailPaths = breadcrumbOf(s.path).map((x) => x.path);
      expect(trailPaths, s.path).toContain(active[0]!.path);
    }
  });
});

describe('screen titles in the locale files', () => {
  const root = path.resolve(__dirname, '../..');
  const files = { jp: path.join(root, 'locales/jp/menu.json'), en: path.join(root, 'locales/en/menu.json') };
  it('has both locale files', () => expect(existsSync(files.jp) && existsSync(files.en)).toBe(true));

  /** A key may be stored flat ("holder.ip": …) or nested ({ holder: { ip: … } }). */
  function lookup(messages: Record<string, unknown>, key: string): unknown {
    if (key in messages) return messages[key];
    return key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
        messages,
      );
  }

  function missingIn(file: string, keys: string[]): string[] {
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return keys.filter((k) => {
      const value = lookup(messages, k);
      return typeof value !== 'string' || value.trim() === '';
    });
  }

  it('every screen title key exists in both jp and en menu.json', () => {
    const keys = allScreens.map((s) => s.title);
    for (const [lang, file] of Object.entries(files)) expect(missingIn(file, keys), `missing in ${lang}/menu.json`).toEqual([]);
  });

  // Group titles are keys of the same `menu` namespace (lib/menu/types.ts); same skip rule.
  it('every menu group title exists in both jp and en menu.json', () => {
    const keys = menuGroups.map((g) => g.title);
    for (const [lang, file] of Object.entries(files)) expect(missingIn(file, keys), `missing in ${lang}/menu.json`).toEqual([]);
  });
});
