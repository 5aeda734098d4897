import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { IP_NAME_MAX, truncate } from '@/lib/format/truncate';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { ipRowHref, viewerSection } from './ip-row-href';
import { useDesignerIps } from './use-designer';

/** The designer's IPs; a row opens the IP in a new tab (SPEC §2 link rule, see ipRowHref). */
export function DesignerIpTable({ designerKey }: { designerKey: string }) {
  const { t } = useTranslation('designer-profile');
  const { t: tf } = useTranslation('flow');
  const { settings } = useShell();
  const { data: session } = useSession();
  const { data: ips, isLoading } = useDesignerIps(designerKey);
  // The current URL's path, as the browser shows it (asPath keeps the language prefix; ipRowHref drops query and hash).
  const pathname = useRouter().asPath;
  const holderList = accessLists({ client: settings.aclClient, product: settings.productKey }).holder;
  const role = viewerSection(session?.user.access ?? [], holderList);

  const open = (key: string) => {
    if (pathname) window.open(ipRowHref(role, pathname, key), '_blank', 'noopener');
  };

  return (
    <Card className="mb-3" data-testid="designer-ips">
      <Card.Header as="h3" className="h6 mb-0">
        {t('sections.ips')}
      </Card.Header>
      <Card.Body className="p-0">
        {isLoading ? (
          <div className="p-3">
            <Spinner size="sm" animation="border" />
          </div>
        ) : !ips || ips.length === 0 ? (
          <p className="text-muted p-3 mb-0" data-testid="designer-ips-empty">
            {t('ips.empty')}
          </p>
        ) : (
          <Table hover responsive className="mb-0">
            <thead>
              <tr>
                <th>{t('ips.name')}</th>
                <th>{t('ips.state')}</th>
                <th>{t('ips.created')}</th>
              </tr>
            </thead>
            <tbody>
              {ips.map((ip) => (
                <tr
                  key={ip.key}
                  role="link"
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(ip.key)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') open(ip.key);
                  }}
                  data-testid="designer-ip-row"
                  data-href={pathname ? ipRowHref(role, pathname, ip.key) : undefined}
                >
                  <td data-testid="designer-ip-name" title={ip.name}>
                    {truncate(ip.name, IP_NAME_MAX)}
                  </td>
                  <td>
                    <Badge bg={stateVariant(ip.state)} data-testid="designer-ip-state" data-state={ip.state}>
                      {tf(`state.${ip.state}`, { defaultValue: ip.state })}
                    </Badge>
                  </td>
                  <td className="text-nowrap small">{formatDateTime(ip.dateCreated)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
