import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { column } from '@/components/kit/table/columns';
import { formatDay } from '@/lib/format/money';
import { truncate } from '@/lib/format/truncate';
import { ListTable } from '../ListTable';
import { personLabel, useMembers, useOrgLicenses, type MemberRow, type OrganisationRow } from './data-api';

/** One organisation: its members with their roles, and its licenses with state, term and IP. */
export function OrganisationDetail({ org, onClose }: { org: OrganisationRow; onClose: () => void }) {
  const { t } = useTranslation(['maintenance', 'flow']);
  const members = useMembers(org.key);
  const licenses = useOrgLicenses(org.key);
  const memberColumns = [
    column<MemberRow>('person', t('orgs.person'), (m) => personLabel(m), { hideable: false }),
    column<MemberRow>('email', t('orgs.email'), (m) => m.email),
    column<MemberRow>('roles', t('orgs.roles'), (m) => m.roles.map((role) => t(`orgs.role.${role}`, { defaultValue: role })), {
      render: (m) => (
        <span>
          {m.roles.map((role) => (
            <Badge key={role} bg="secondary" className="me-1 fw-normal" data-testid="org-member-role">
              {t(`orgs.role.${role}`, { defaultValue: role })}
            </Badge>
          ))}
        </span>
      ),
    }),
  ];
  type License = NonNullable<typeof licenses.data>[number];
  const licenseColumns = [
    column<License>('ip', t('orgs.ip'), (l) => truncate(l.ipName, 40), { hideable: false }),
    column<License>('state', t('orgs.state'), (l) => t(`flow:state.${l.state}`, { defaultValue: l.state })),
    column<License>('term', t('orgs.term'), (l) => `${formatDay(l.term_start)} – ${formatDay(l.term_end)}`),
    column<License>('rate', t('orgs.rate'), (l) => l.royalty_rate_bp, { kind: 'rate' }),
  ];
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
        <ListTable
          list={members}
          columns={memberColumns}
          caption={t('orgs.members')}
          testId="org-members"
          getRowId={(m) => m.sub}
          rowProps={(m) => ({ 'data-testid': 'org-member', 'data-email': m.email })}
          empty={{ message: t('orgs.noMembers') }}
          skeletonRows={3}
        />
        <h3 className="h6 mt-3">{t('orgs.licenses')}</h3>
        <ListTable
          list={licenses}
          columns={licenseColumns}
          caption={t('orgs.licenses')}
          testId="org-licenses"
          rowProps={() => ({ 'data-testid': 'org-license' })}
          empty={{ message: t('orgs.noLicenses') }}
          skeletonRows={3}
        />
      </Card.Body>
    </Card>
  );
}
