import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '../kit/shell/withPage';
import { APPROVER_GROUPS, MANAGER_GROUPS } from './holder-api';
import { useEntityPages } from '../kit/table/use-entity-pages';

interface HolderRecord {
  key: string;
  name: string;
  is_default: boolean;
  approver: Partial<Record<(typeof APPROVER_GROUPS)[number], { sub: string }[]>>;
  manager_legal: { sub: string }[];
  manager_brand: { sub: string }[];
  manager_cfl: { sub: string }[];
}

function countApprovers(holder: HolderRecord): number {
  return APPROVER_GROUPS.reduce((sum, group) => sum + (holder.approver?.[group]?.length ?? 0), 0);
}

function countManagers(holder: HolderRecord): number {
  return MANAGER_GROUPS.reduce((sum, group) => sum + (holder[`manager_${group}`]?.length ?? 0), 0);
}

/** The IP holders (Holder entity): name, default flag and how many approvers and managers each has. */
export function HolderListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  const holders = useEntityPages<HolderRecord>('Holder', { sort: { is_default: -1, name: 1 }, limit: 50 });
  return (
    <section data-testid="holder-list">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('list.intro')}</p>
      {!holders.ready ? (
        <div className="py-4 text-center" role="status">
          <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
        </div>
      ) : holders.failed && holders.items.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : holders.items.length === 0 ? (
        <p className="text-muted py-3" data-testid="holder-list-empty">
          {t('list.empty')}
        </p>
      ) : (
        <Table responsive hover className="align-middle bg-white">
          <thead>
            <tr>
              <th>{t('list.name')}</th>
              <th className="text-end">{t('list.approvers')}</th>
              <th className="text-end">{t('list.managers')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {holders.items.map((holder) => {
              const href = `/${lang}/holder/profile?key=${encodeURIComponent(holder.key)}`;
              return (
                <tr key={holder.key} data-testid={`holder-row-${holder.key}`}>
                  <td>
                    <Link href={href} className="fw-semibold" data-testid="holder-open">
                      {holder.name || t('list.unnamed')}
                    </Link>
                    {holder.is_default && (
                      <Badge bg="primary" className="ms-2" data-testid="holder-default">
                        {t('list.default')}
                      </Badge>
                    )}
                  </td>
                  <td className="text-end" data-testid="holder-approver-count">
                    {countApprovers(holder)}
                  </td>
                  <td className="text-end" data-testid="holder-manager-count">
                    {countManagers(holder)}
                  </td>
                  <td className="text-end">
                    <Link href={href} className="btn btn-sm btn-outline-primary">
                      {t('list.open')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {holders.hasMore && (
        <Button variant="outline-secondary" onClick={holders.loadMore} disabled={holders.loadingMore}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
