import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { ScreenViewProps } from '@/components/page/withPage';
import { formatDateTime } from '@/lib/format/time';
import { personLabel, useOrganisations, type OrganisationRow } from './data-api';
import { OrganisationDetail } from './OrganisationDetail';

/** sys/licensees: every licensee organisation with owner and counts; Open shows members and licenses. */
export function LicenseesView({ title }: ScreenViewProps) {
  const { t } = useTranslation('maintenance');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<OrganisationRow | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const pages = useOrganisations(query);
  const rows = (pages.data ?? []).flatMap((p) => p?.items ?? []);
  const last = pages.data?.[pages.data.length - 1];

  return (
    <section data-testid="sys-licensees">
      <h1 className="h4 mb-3">{title}</h1>
      {open && <OrganisationDetail key={open.key} org={open} onClose={() => setOpen(null)} />}
      <Form.Control
        type="search"
        className="mb-3"
        style={{ maxWidth: 420 }}
        placeholder={t('orgs.search')}
        aria-label={t('orgs.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="orgs-search"
      />
      {!pages.data ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : pages.data.some((p) => p === null) && rows.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted">{t('orgs.none')}</p>
      ) : (
        <Table responsive hover size="sm" className="bg-white align-middle small">
          <thead>
            <tr>
              <th>{t('orgs.name')}</th>
              <th>{t('orgs.owner')}</th>
              <th className="text-end">{t('orgs.memberCount')}</th>
              <th className="text-end">{t('orgs.licenseCount')}</th>
              <th>{t('orgs.created')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((org) => (
              <tr key={org.key} className={open?.key === org.key ? 'table-active' : undefined} data-testid="org-row" data-name={org.name}>
                <td>
                  <div>{org.name}</div>
                  {org.email && <div className="text-muted">{org.email}</div>}
                </td>
                <td>
                  {org.owner ? (
                    <>
                      <div>{personLabel(org.owner)}</div>
                      <div className="text-muted">{org.owner.email}</div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="text-end" data-testid="org-member-count">
                  {org.members}
                </td>
                <td className="text-end">{org.licenses}</td>
                <td className="text-nowrap">{formatDateTime(org.dateCreated)}</td>
                <td className="text-end">
                  <Button size="sm" variant="outline-primary" onClick={() => setOpen(org)} data-testid="org-open">
                    {t('open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {last?.next && (
        <Button variant="outline-secondary" size="sm" onClick={() => void pages.setSize(pages.size + 1)} disabled={pages.isValidating}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
