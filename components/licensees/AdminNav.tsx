import { useState } from 'react';
import Nav from 'react-bootstrap/Nav';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { InstantSelect } from '@/components/kit/form/InstantSelect';
import type { Organisation } from './useOrganisations';

const STORAGE_KEY = 'licensee-admin-organisation';
const PAGES = ['profile', 'administrator', 'staff', 'designer'] as const;

/** The organisation the admin pages show: the one chosen last in this browser session, else the first. */
export function useChosenOrganisation(organisations: Organisation[]) {
  // Member pages render after the session is known (client side), so the browser's storage is there.
  const [chosen, setChosen] = useState<string | null>(() =>
    typeof window === 'undefined' ? null : window.sessionStorage.getItem(STORAGE_KEY),
  );
  const current = organisations.find((o) => o.key === chosen) ?? organisations[0] ?? null;
  const choose = (key: string) => {
    window.sessionStorage.setItem(STORAGE_KEY, key);
    setChosen(key);
  };
  return { current, choose };
}

/** Tabs between the organisation's profile and its member pages, and the organisation choice. */
export function AdminNav({
  organisations,
  current,
  onChoose,
}: {
  organisations: Organisation[];
  current: Organisation | null;
  onChoose(key: string): void;
}) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { pathname } = useRouter();
  const page = PAGES.find((p) => pathname.endsWith(`/admin/${p}`)) ?? 'profile';
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <Nav variant="tabs" activeKey={page} className="flex-grow-1" data-testid="admin-nav">
        {PAGES.map((p) => (
          <Nav.Item key={p}>
            <Nav.Link as={Link} href={`/${lang}/licensee/admin/${p}`} eventKey={p} data-testid={`admin-tab-${p}`}>
              {t(`admin.tab.${p}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {organisations.length > 1 && (
        <InstantSelect
          label={t('admin.organisation')}
          value={current?.key ?? ''}
          options={organisations.map((o) => ({ value: o.key, label: o.name }))}
          onChoose={onChoose}
          style={{ maxWidth: 280 }}
          testId="admin-organisation"
        />
      )}
    </div>
  );
}
