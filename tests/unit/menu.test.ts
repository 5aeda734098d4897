import { describe, it, expect } from 'vitest';
import { pathWithoutLang, pathMatches, isEntryActive } from '@/lib/menu/match';
import { isGroupOpen, rememberGroupOpen, type KeyValueStore } from '@/lib/menu/group-state';
import { visibleMenu } from '@/lib/menu/visible';
import { menuGroups } from '@/lib/menu/definition';
import type { MenuEntry, MenuGroup } from '@/lib/menu/types';
import type { RoleNames } from '@/lib/acl/roles';
import { demoAccounts } from '@/lib/server/db/demo-accounts';

const names: RoleNames = { client: 'calbee', product: 'ipl' };
const ORG = 'ORG1';

function grantsOf(id: string): string[] {
  const account = demoAccounts.find((a) => a.id === id);
  if (!account) throw new Error(`no demo account ${id}`);
  return account.access(names, ORG);
}

function entry(name: string): MenuEntry {
  const found = menuGroups.flatMap((g) => g.entries).find((e) => e.name === name);
  if (!found) throw new Error(`no menu entry ${name}`);
  return found;
}

class MapStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

describe('pathWithoutLang', () => {
  it.each([
    ['/jp/holder/ip', '/holder/ip'],
    ['/en/holder/ip', '/holder/ip'],
    ['/holder/ip', '/holder/ip'],
    ['/jp/holder/ip?x=1', '/holder/ip'],
    ['/jp/holder/ip/?x=1&y=2', '/holder/ip'],
    ['/jp/holder/ip#top', '/holder/ip'],
    ['/jp/holder/ip/#top', '/holder/ip'],
    ['/holder/ip/', '/holder/ip'],
    ['/holder/ip///', '/holder/ip'],
    ['/jp', '/'],
    ['/en', '/'],
    ['/jp/', '/'],
    ['/en/?x=1', '/'],
    ['/', '/'],
    ['', '/'],
    ['/?x=1', '/'],
    ['/japan', '/japan'],
    ['/english/x', '/english/x'],
    ['/de/holder', '/de/holder'],
    ['/holder/jp', '/holder/jp'],
    ['/jp/en/x', '/en/x'],
  ])('%j → %j', (input, output) => {
    expect(pathWithoutLang(input)).toBe(output);
  });
});

describe('pathMatches', () => {
  it('matches exact paths', () => {
    expect(pathMatches('/holder/ip', '/holder/ip')).toBe(true);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/holder/ip', '/holder/ipx')).toBe(false);
    expect(pathMatches('/holder/ip', '/holder')).toBe(false);
    expect(pathMatches('/holder/ip', '/holder/ip/1')).toBe(false);
    expect(pathMatches('/', '/holder')).toBe(false);
    expect(pathMatches('/holder', '/')).toBe(false);
  });

  it('ignores the language prefix, query, hash and trailing slash on either side', () => {
    expect(pathMatches('/holder/ip', '/jp/holder/ip')).toBe(true);
    expect(pathMatches('/holder/ip', '/en/holder/ip/?page=2#x')).toBe(true);
    expect(pathMatches('/jp/holder/ip', '/en/holder/ip')).toBe(true);
    expect(pathMatches('/', '/jp')).toBe(true);
    expect(pathMatches('/', '/en/?x=1')).toBe(true);
  });

  it('* matches exactly one segment', () => {
    expect(pathMatches('/holder/ip/*', '/holder/ip/42')).toBe(true);
    expect(pathMatches('/holder/ip/*', '/jp/holder/ip/42?tab=x')).toBe(true);
    expect(pathMatches('/holder/ip/*', '/holder/ip')).toBe(false);
    expect(pathMatches('/holder/ip/*', '/holder/ip/42/edit')).toBe(false);
    expect(pathMatches('/holder/*/edit', '/holder/42/edit')).toBe(true);
    expect(pathMatches('/holder/*/edit', '/holder/42/view')).toBe(false);
  });

  it('a trailing ** matches any rest, including nothing', () => {
    expect(pathMatches('/holder/ip/**', '/holder/ip/42')).toBe(true);
    expect(pathMatches('/holder/ip/**', '/holder/ip/42/edit/3')).toBe(true);
    expect(pathMatches('/holder/ip/**', '/holder/ip')).toBe(true);
    expect(pathMatches('/holder/ip/**', '/holder/ipx/1')).toBe(false);
    expect(pathMatches('/holder/ip/**', '/holder')).toBe(false);
    expect(pathMatches('/**', '/anything/at/all')).toBe(true);
  });

  it('segments are compared whole, not as prefixes', () => {
    expect(pathMatches('/designer/gallery/**', '/designer/gallery2')).toBe(false);
    expect(pathMatches('/designer/gallery', '/designer/gallery2')).toBe(false);
  });
});

describe('SPEC §2 Layout: an entry is active when its path, alternate path or a child pattern matches', () => {
  it('is active on its own path with or without language prefix, query or trailing slash', () => {
    const ip = entry('holder.ip');
    for (const path of [
      '/holder/ip',
      '/jp/holder/ip',
      '/en/holder/ip',
      '/jp/holder/ip/',
      '/en/holder/ip?sort=name',
      '/jp/holder/ip/?a=1#b',
    ]) {
      expect(isEntryActive(ip, path), path).toBe(true);
    }
  });

  it('is active on child pages matched by ** children', () => {
    const ip = entry('holder.ip');
    expect(isEntryActive(ip, '/jp/holder/ip/123')).toBe(true);
    expect(isEntryActive(ip, '/en/holder/ip/123/edit?x=1')).toBe(true);
    expect(isEntryActive(ip, '/jp/holder/ipx')).toBe(false);
    expect(isEntryActive(ip, '/jp/holder')).toBe(false);
  });

  it('is active on its alternate path and the children of the alternate', () => {
    const iplist = entry('designer.iplist');
    expect(iplist.alt).toBe('/designer/ip');
    expect(isEntryActive(iplist, '/jp/designer/iplist')).toBe(true);
    expect(isEntryActive(iplist, '/jp/designer/ip')).toBe(true);
    expect(isEntryActive(iplist, '/en/designer/ip/7')).toBe(true);
    expect(isEntryActive(iplist, '/en/designer/iplist/7')).toBe(false);
  });

  it('holder.list is active on the holder profile pages', () => {
    const list = entry('holder.list');
    expect(isEntryActive(list, '/jp/holder/list')).toBe(true);
    expect(isEntryActive(list, '/jp/holder/profile')).toBe(true);
    expect(isEntryActive(list, '/jp/holder/profile/abc')).toBe(true);
    expect(isEntryActive(list, '/jp/holder/profiles')).toBe(false);
  });

  it('licensee.adminProfile is active on every licensee admin page', () => {
    const admin = entry('licensee.adminProfile');
    for (const p of [
      '/licensee/admin/profile',
      '/licensee/admin/staff',
      '/licensee/admin/administrator',
      '/licensee/admin/designer',
    ]) {
      expect(isEntryActive(admin, `/jp${p}`), p).toBe(true);
    }
    expect(isEntryActive(admin, '/jp/licensee/list')).toBe(false);
  });

  it('the designer gallery is not active on gallery2', () => {
    expect(isEntryActive(entry('designer.gallery'), '/jp/designer/gallery2')).toBe(false);
    expect(isEntryActive(entry('designer.gallery'), '/jp/designer/gallery/5')).toBe(true);
    expect(isEntryActive(entry('designer.gallery2'), '/jp/designer/gallery2')).toBe(true);
  });

  it('home is active on the root only', () => {
    const home = entry('home');
    for (const p of ['/', '/jp', '/en', '/jp/', '/en?x=1']) expect(isEntryActive(home, p), p).toBe(true);
    expect(isEntryActive(home, '/jp/help')).toBe(false);
  });

  it('an entry with no alt and no children matches only its path', () => {
    const e: MenuEntry = { name: 'x', path: '/a/b', acl: 'signedIn' };
    expect(isEntryActive(e, '/a/b')).toBe(true);
    expect(isEntryActive(e, '/a/b/c')).toBe(false);
    expect(isEntryActive(e, '/a')).toBe(false);
  });

  it('on every menu page exactly one entry of the whole menu is active', () => {
    const all = menuGroups.flatMap((g) => g.entries);
    for (const e of all) {
      const active = all.filter((other) => isEntryActive(other, `/jp${e.path === '/' ? '' : e.path}`)).map((o) => o.name);
      expect(active, e.path).toEqual([e.name]);
    }
  });
});

describe('SPEC §2 Layout: group open state remembered for the browser session under the group title; collapsed groups start closed', () => {
  const plain = { title: 'section.holder' };
  const collapsed = { title: 'section.data', collapsed: true };

  it('without a store, groups are open unless marked collapsed', () => {
    expect(isGroupOpen(plain, null)).toBe(true);
    expect(isGroupOpen(collapsed, null)).toBe(false);
    expect(isGroupOpen({ title: 'x', collapsed: false }, null)).toBe(true);
  });

  it('with an empty store, the defaults apply', () => {
    const store = new MapStore();
    expect(isGroupOpen(plain, store)).toBe(true);
    expect(isGroupOpen(collapsed, store)).toBe(false);
  });

  it('the data group of the real menu starts closed and the others start open', () => {
    const store = new MapStore();
    for (const group of menuGroups) {
      expect(isGroupOpen(group, store), group.title).toBe(group.title !== 'section.data');
    }
  });

  it('a remembered choice wins over the default, in both directions', () => {
    const store = new MapStore();
    rememberGroupOpen(plain, false, store);
    rememberGroupOpen(collapsed, true, store);
    expect(isGroupOpen(plain, store)).toBe(false);
    expect(isGroupOpen(collapsed, store)).toBe(true);
    rememberGroupOpen(plain, true, store);
    rememberGroupOpen(collapsed, false, store);
    expect(isGroupOpen(plain, store)).toBe(true);
    expect(isGroupOpen(collapsed, store)).toBe(false);
  });

  it('stores under a prefixed key per group title with open/closed values', () => {
    const store = new MapStore();
    rememberGroupOpen(plain, false, store);
    rememberGroupOpen(collapsed, true, store);
    expect(Object.fromEntries(store.map)).toEqual({
      'menu-group:section.holder': 'closed',
      'menu-group:section.data': 'open',
    });
  });

  it('groups are remembered independently', () => {
    const store = new MapStore();
    rememberGroupOpen({ title: 'section.system' }, false, store);
    expect(isGroupOpen({ title: 'section.system' }, store)).toBe(false);
    expect(isGroupOpen({ title: 'section.general' }, store)).toBe(true);
  });

  it('an unknown stored value falls back to the default', () => {
    const store = new MapStore();
    store.setItem('menu-group:section.holder', 'maybe');
    store.setItem('menu-group:section.data', '');
    expect(isGroupOpen(plain, store)).toBe(true);
    expect(isGroupOpen(collapsed, store)).toBe(false);
  });

  it('remembering without a store is a no-op', () => {
    expect(() => rememberGroupOpen(plain, false, null)).not.toThrow();
  });
});

describe('SPEC §2 Layout: menu entries have name, path, optional alt, children patterns and acl', () => {
  it('group titles and entry names are unique', () => {
    const titles = menuGroups.map((g) => g.title);
    expect(new Set(titles).size).toBe(titles.length);
    const entryNames = menuGroups.flatMap((g) => g.entries.map((e) => e.name));
    expect(new Set(entryNames).size).toBe(entryNames.length);
    const paths = menuGroups.flatMap((g) => g.entries.map((e) => e.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('paths carry no language prefix, query or trailing slash', () => {
    for (const e of menuGroups.flatMap((g) => g.entries)) {
      expect(pathWithoutLang(e.path), e.name).toBe(e.path);
      expect(e.path.startsWith('/'), e.name).toBe(true);
    }
  });

  it('only the data group is collapsed', () => {
    expect(menuGroups.filter((g) => g.collapsed).map((g) => g.title)).toEqual(['section.data']);
  });
});

describe('visibleMenu', () => {
  const titles = (groups: MenuGroup[]) => groups.map((g) => g.title);
  const entriesOf = (groups: MenuGroup[], title: string) =>
    groups.find((g) => g.title === title)?.entries.map((e) => e.name) ?? [];
  const allOf = (title: string) => menuGroups.find((g) => g.title === title)!.entries.map((e) => e.name);
  const view = (id: string) => visibleMenu(menuGroups, grantsOf(id), names);

  it('a designer sees exactly section.designer and section.general', () => {
    for (const id of ['designer', 'corporate-designer']) {
      const menu = view(id);
      expect(titles(menu)).toEqual(['section.designer', 'section.general']);
      expect(entriesOf(menu, 'section.designer')).toEqual(allOf('section.designer'));
      // "Become a designer" is not offered to someone who already is one.
      expect(entriesOf(menu, 'section.general')).toEqual(['home', 'profile', 'invite', 'help']);
    }
  });

  it('offers "become a designer" to everyone who is not one yet', () => {
    for (const id of ['user', 'licensee-owner', 'holder', 'admin'])
      expect(entriesOf(view(id), 'section.general'), id).toContain('apply');
  });

  it('a licensee staff member (entity entry only) sees section.licensee but not the management of the organisation', () => {
    const menu = view('licensee-staff');
    expect(titles(menu)).toEqual(['section.licensee', 'section.general']);
    expect(entriesOf(menu, 'section.licensee')).toEqual(allOf('section.licensee').filter((e) => e !== 'licensee.adminProfile'));
  });

  it("an organisation's designer member sees neither its sales, its invoices nor its management", () => {
    const menu = visibleMenu(menuGroups, ['calbee:designer:licensee:X'], names);
    expect(entriesOf(menu, 'section.licensee')).not.toContain('licensee.sales');
    expect(entriesOf(menu, 'section.licensee')).not.toContain('licensee.invoice');
    expect(entriesOf(menu, 'section.licensee')).not.toContain('licensee.adminProfile');
    expect(entriesOf(menu, 'section.licensee')).toContain('licensee.list');
  });

  it('a licensee owner sees section.licensee and section.general', () => {
    expect(titles(view('licensee-owner'))).toEqual(['section.licensee', 'section.general']);
  });

  it('admin sees holder, system, data and general, with every entry', () => {
    const menu = view('admin');
    expect(titles(menu)).toEqual(['section.holder', 'section.system', 'section.data', 'section.general']);
    for (const title of titles(menu)) expect(entriesOf(menu, title), title).toEqual(allOf(title));
  });

  it('holder staff with the product role sees the whole holder section including holder.primary', () => {
    for (const id of ['holder', 'legal-approver', 'brand-manager', 'cfl-approver']) {
      const menu = view(id);
      expect(titles(menu), id).toEqual(['section.holder', 'section.general']);
      expect(entriesOf(menu, 'section.holder'), id).toEqual(allOf('section.holder'));
      expect(entriesOf(menu, 'section.holder'), id).toContain('holder.primary');
    }
  });

  it('boss sees the holder section but not the product-only entries', () => {
    const menu = view('boss');
    expect(titles(menu)).toEqual(['section.holder', 'section.general']);
    const holder = entriesOf(menu, 'section.holder');
    expect(holder).not.toContain('holder.primary');
    expect(holder).not.toContain('holder.stats');
    expect(holder).not.toContain('holder.inviteLicensee');
    expect(holder).not.toContain('holder.applications');
    expect(holder).not.toContain('holder.settings');
    const productOnly = ['holder.primary', 'holder.stats', 'holder.inviteLicensee', 'holder.applications', 'holder.settings'];
    expect(holder).toEqual(allOf('section.holder').filter((n) => !productOnly.includes(n)));
  });

  it('a plain user sees only the general section', () => {
    expect(titles(view('user'))).toEqual(['section.general']);
  });

  it('a user with no entries at all still sees the general section', () => {
    expect(titles(visibleMenu(menuGroups, [], names))).toEqual(['section.general']);
  });

  it('woollet:admin alone does not open calbee sections', () => {
    expect(titles(visibleMenu(menuGroups, ['woollet:admin'], names))).toEqual(['section.general']);
  });

  it('an entity entry named admin does not open the admin sections', () => {
    expect(titles(visibleMenu(menuGroups, ['calbee:admin:licensee:X'], names))).toEqual(['section.licensee', 'section.general']);
  });

  it('keeps the menu order and group properties, and does not mutate the definition', () => {
    const before = JSON.stringify(menuGroups);
    const menu = view('admin');
    expect(menu.find((g) => g.title === 'section.data')?.collapsed).toBe(true);
    view('boss');
    expect(JSON.stringify(menuGroups)).toBe(before);
  });

  it('drops a group whose entries are all hidden, even if the group itself is allowed', () => {
    const groups: MenuGroup[] = [
      { title: 'g', acl: 'holder', entries: [{ name: 'only', path: '/only', acl: 'holderProductOnly' }] },
    ];
    expect(visibleMenu(groups, ['calbee:boss'], names)).toEqual([]);
    expect(visibleMenu(groups, ['calbee:ipl'], names).map((g) => g.title)).toEqual(['g']);
  });

  it('hides entries of a group the user may not open, even when the entry itself is open', () => {
    const groups: MenuGroup[] = [{ title: 'g', acl: 'system', entries: [{ name: 'open', path: '/open', acl: 'signedIn' }] }];
    expect(visibleMenu(groups, ['calbee:user'], names)).toEqual([]);
  });

  it('follows other client and product names', () => {
    const other = { client: 'acme', product: 'toys' };
    expect(titles(visibleMenu(menuGroups, ['acme:toys'], other))).toEqual(['section.holder', 'section.general']);
    expect(titles(visibleMenu(menuGroups, ['calbee:ipl'], other))).toEqual(['section.general']);
  });
});
