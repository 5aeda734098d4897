import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { AdminNav, useChosenOrganisation } from './AdminNav';
import { useOrganisations, type Organisation } from './useOrganisations';

/**
 * A page of the organisation's administration: its title, the tabs and the organisation choice,
 * then the page's body for the organisation chosen (or why there is none).
 */
export function AdminPage({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: (org: Organisation) => ReactNode;
}) {
  const { t } = useTranslation('licensee');
  const { organisations, loading } = useOrganisations();
  const { current, choose } = useChosenOrganisation(organisations);
  return (
    <div data-testid={testId}>
      <h1 className="h4 mb-3">{title}</h1>
      <AdminNav organisations={organisations} current={current} onChoose={choose} />
      {loading ? (
        <Spinner animation="border" size="sm" />
      ) : !current ? (
        <Alert variant="warning">{t('admin.noOrganisation')}</Alert>
      ) : (
        children(current)
      )}
    </div>
  );
}
