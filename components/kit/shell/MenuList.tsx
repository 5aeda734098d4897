import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { isGroupOpen, rememberGroupOpen } from '@/lib/menu/group-state';
import { isEntryActive } from '@/lib/menu/match';
import type { MenuGroup } from '@/lib/menu/types';
import { useShell } from '@/lib/client/settings-context';

function sessionStore() {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

// sessionStorage sends no events within its own tab, so toggles notify the groups here.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function Group({ group, onNavigate }: { group: MenuGroup; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { lang } = useShell();
  const router = useRouter();
  // The server renders the default; the browser's remembered choice takes over on hydration.
  const open = useSyncExternalStore(
    subscribe,
    () => isGroupOpen(group, sessionStore()),
    () => !group.collapsed,
  );
  const toggle = () => {
    rememberGroupOpen(group, !open, sessionStore());
    listeners.forEach((notify) => notify());
  };
  const id = `menu-group-${group.title.replace(/\W/g, '-')}`;
  return (
    <li className="menu-group" data-testid={`menu-group-${group.title}`}>
      <button type="button" className="menu-group-title" aria-expanded={open} aria-controls={id} onClick={toggle}>
        <span>{t(group.title)}</span>
        <span aria-hidden="true" className="menu-caret">
          {open ? '▾' : '▸'}
        </span>
      </button>
      <ul id={id} className="menu-entries" hidden={!open}>
        {group.entries.map((entry) => {
          const active = isEntryActive(entry, router.asPath);
          return (
            <li key={entry.path}>
              <Link
                href={`/${lang}${entry.path === '/' ? '' : entry.path}`}
                // Every screen of the menu is in view: prefetching them all would parse a dozen
                // pages' code (forms with zod among them) while this one loads. Hover still prefetches.
                prefetch={false}
                className={`menu-entry${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`menu-entry-${entry.name}`}
                onClick={onNavigate}
              >
                {t(entry.name)}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function MenuList({ groups, onNavigate }: { groups: MenuGroup[]; onNavigate?: () => void }) {
  return (
    <ul className="menu-list">
      {groups.map((group) => (
        <Group key={group.title} group={group} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
