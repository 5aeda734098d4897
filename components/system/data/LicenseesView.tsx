import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { NameAndEmail } from '../NameAndEmail';
import { SearchBox, useSearchBox } from '../SearchBox';
import { personLabel, useOrganisations, type OrganisationRow } from './data-api';
import { OrganisationDetail } from './OrganisationDetail';

/** sys/licensees: every licensee organisation with owner and counts; Open shows members and licenses. */
export function LicenseesView({ title }: ScreenViewProps) {
  const { t } = useTranslation('maintenance');
  const { lang } = useShell();
  const [open, setOpen] = useState<OrganisationRow | null>(null);
  const { form, q: query } = useSearchBox(() =>
    import('@/lib/server/maintenance/licensees-input').then((m) => m.sysLicenseesInput),
  );
  const pager = useCursorPager(query);
  const page = useOrganisations(query, pager.cursor);

  const columns = [
    column<OrganisationRow>('name', t('orgs.name'), (org) => org.name, {
      hideable: false,
      sortable: true,
      render: (org) => <NameAndEmail name={org.name} email={org.email} />,
    }),
    column<OrganisationRow>('owner', t('orgs.owner'), (org) => (org.owner ? personLabel(org.owner) : ''), {
      render: (org) => (org.owner ? <NameAndEmail name={personLabel(org.owner)} email={org.owner.email} /> : '—'),
    }),
    column<OrganisationRow>('members', t('orgs.memberCount'), (org) => org.members, { kind: 'count', testId: 'org-member-count' }),
    column<OrganisationRow>('licenses', t('orgs.licenseCount'), (org) => org.licenses, { kind: 'count' }),
    column<OrganisationRow>('created', t('orgs.created'), (org) => org.dateCreated, { kind: 'datetime', sortable: true }),
    actionsColumn<OrganisationRow>(t('open'), (org) => (
      <Button size="sm" variant="outline-primary" onClick={() => setOpen(org)} data-testid="org-open">
        {t('open')}
      </Button>
    )),
  ];

  return (
    <section data-testid="sys-licensees">
      <h1 className="h4 mb-3">{title}</h1>
      {open && <OrganisationDetail key={open.key} org={open} onClose={() => setOpen(null)} />}
      <SearchBox form={form} label={t('orgs.search')} testId="orgs-search" />
      <DataTable
        columns={columns}
        rows={page.data === null ? [] : page.data?.items}
        error={page.data === null || page.error}
        onRetry={() => void page.mutate()}
        lang={lang}
        caption={title}
        testId="orgs-table"
        getRowId={(org) => org.key}
        rowProps={(org) => ({ 'data-testid': 'org-row', 'data-name': org.name })}
        empty={{ message: t('orgs.none') }}
        skeletonRows={10}
        csvName="licensees.csv"
        pager={cursorPagerProps(pager, page.data?.next)}
      />
    </section>
  );
}
