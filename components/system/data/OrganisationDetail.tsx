import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { personLabel, useMembers, useOrgLicenses, type OrganisationRow } from './data-api';

/** One organisation: its members with their roles, and its licenses with state, term and IP. */
export function OrganisationDetail({ org, onClose }: { org: OrganisationRow; onClose: () => void }) {
  const { t } = useTranslation(['maintenance', 'flow']);
  const members = useMembers(org.key);
  const licenses = useOrgLicenses(org.key);
  const day = (value: string) => formatDateTime(value).slice(0, 10);
  return (
    <Card className="mb-4" data-testid="org-detail" data-key={org.key}>
      <Card.Header className="d-flex justify-content-between align-items-start">
        <div>
          <div className="fw-semibold">{org.name}</div>
          <div className="small text-muted">
            {org.email ?? '—'} · <code>{org.key}</code>
          </div>
        </div>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </Card.Header>
      <Card.Body>
        <h3 className="h6">{t('orgs.members')}</h3>
        {members.data === undefined ? (
          <Spinner animation="border" size="sm" role="status" />
        ) : members.data === null ? (
          <Alert variant="danger">{t('loadFailed')}</Alert>
        ) : members.data.length === 0 ? (
          <p className="text-muted small">{t('orgs.noMembers')}</p>
        ) : (
          <Table size="sm" className="small mb-4" data-testid="org-members">
            <thead>
              <tr>
                <th>{t('orgs.person')}</th>
                <th>{t('orgs.email')}</th>
                <th>{t('orgs.roles')}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((m) => (
                <tr key={m.sub} data-testid="org-member" data-email={m.email}>
                  <td>{personLabel(m)}</td>
                  <td>{m.email}</td>
                  <td>
                    {m.roles.map((role) => (
                      <Badge key={role} bg="secondary" className="me-1 fw-normal" data-testid="org-member-role">
                        {t(`orgs.role.${role}`, { defaultValue: role })}
                      </Badge>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <h3 className="h6">{t('orgs.licenses')}</h3>
        {licenses.data === undefined ? (
          <Spinner animation="border" size="sm" role="status" />
        ) : licenses.data === null ? (
          <Alert variant="danger">{t('loadFailed')}</Alert>
        ) : licenses.data.length === 0 ? (
          <p className="text-muted small">{t('orgs.noLicenses')}</p>
        ) : (
          <Table size="sm" className="small" data-testid="org-licenses">
            <thead>
              <tr>
                <th>{t('orgs.ip')}</th>
                <th>{t('orgs.state')}</th>
                <th>{t('orgs.term')}</th>
                <th>{t('orgs.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {licenses.data.map((l) => (
                <tr key={l.key} data-testid="org-license">
                  <td>{truncate(l.ipName, 40)}</td>
                  <td>{t(`flow:state.${l.state}`, { defaultValue: l.state })}</td>
                  <td className="text-nowrap">
                    {day(l.term_start)} – {day(l.term_end)}
                  </td>
                  <td>{(l.royalty_rate_bp / 100).toFixed(2)}%</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
