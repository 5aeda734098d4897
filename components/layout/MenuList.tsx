import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { isGroupOpen, rememberGroupOpen } from '@/lib/menu/group-state';
import { isEntryActive } from '@/lib/menu/match';
import type { MenuGroup } from '@/lib/menu/types';
import { useShell } from '@/lib/client/settings-context';

function sessionStore() {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

function Group({ group, onNavigate }: { group: MenuGroup; onNavigate?: () => void }) {
  const { t } = useTranslation('menu');
  const { lang } = useShell();
  const router = useRouter();
  // Server render and first client render agree on the default; the stored choice follows.
  const [open, setOpen] = useState(!group.collapsed);
  useEffect(() => setOpen(isGroupOpen(group, sessionStore())), [group]);
  const toggle = () => {
    rememberGroupOpen(group, !open, sessionStore());
    setOpen(!open);
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
