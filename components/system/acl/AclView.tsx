import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { NO_FILTERS, useAuditLog, usePendingRequests, type AuditFilters, type UserRow } from './acl-api';
import { AdminLog } from './AdminLog';
import { RequestsTable } from './RequestsTable';
import { UserAccessPanel } from './UserAccessPanel';
import { UserSearch } from './UserSearch';

/** sys/acl: users and their access entries, pending requests, and the admin log of every change. */
export function AclView({ title }: ScreenViewProps) {
  const { t } = useTranslation('acl');
  const [tab, setTab] = useState('users');
  const [user, setUser] = useState<UserRow | null>(null);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const pager = useCursorPager(JSON.stringify(filters));
  const log = useAuditLog(filters, pager.cursor);
  const requests = usePendingRequests();
  const changed = () => {
    void log.mutate();
    void requests.mutate();
  };
  const pendingCount = requests.data?.length ?? 0;

  return (
    <section data-testid="sys-acl">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">{t('intro')}</p>
      <Tabs activeKey={tab} onSelect={(k) => setTab(k ?? 'users')} id="acl-tabs" className="mb-3" data-testid="acl-tabs">
        <Tab eventKey="users" title={t('tabs.users')}>
          {user && <UserAccessPanel key={user.sub} user={user} onClose={() => setUser(null)} onChanged={changed} />}
          <UserSearch selected={user?.sub ?? null} onOpen={setUser} />
        </Tab>
        <Tab
          eventKey="requests"
          title={
            <>
              {t('tabs.requests')}
              {pendingCount > 0 && (
                <Badge bg="danger" pill className="ms-1" data-testid="acl-requests-count">
                  {pendingCount}
                </Badge>
              )}
            </>
          }
        >
          <RequestsTable requests={requests.data} onDecided={changed} />
        </Tab>
        <Tab eventKey="log" title={t('tabs.log')}>
          <AdminLog log={log} pager={pager} filters={filters} onFilters={setFilters} />
        </Tab>
      </Tabs>
    </section>
  );
}
