import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { accessLists } from '@/lib/acl/roles';
import { useShell } from '@/lib/client/settings-context';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { IP_NAME_MAX, truncate } from '@/lib/format/truncate';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { ipRowHref, viewerSection } from './ip-row-href';
import { useDesignerIps } from './use-designer';

type Ip = NonNullable<ReturnType<typeof useDesignerIps>['data']>[number];

/** The designer's IPs; the name opens the IP in a new tab (SPEC §2 link rule, see ipRowHref). */
export function DesignerIpTable({ designerKey }: { designerKey: string }) {
  const { t } = useTranslation('designer-profile');
  const { t: tf } = useTranslation('flow');
  const { settings, lang } = useShell();
  const { data: session } = useSession();
  const { data: ips, isLoading } = useDesignerIps(designerKey);
  // The current URL's path, as the browser shows it (asPath keeps the language prefix; ipRowHref drops query and hash).
  const pathname = useRouter().asPath;
  const holderList = accessLists({ client: settings.aclClient, product: settings.productKey }).holder;
  const role = viewerSection(session?.user.access ?? [], holderList);

  const href = (key: string) => (pathname ? ipRowHref(role, pathname, key) : undefined);
  const columns = [
    column<Ip>('name', t('ips.name'), (ip) => ip.name, {
      sortable: true,
      hideable: false,
      render: (ip) => (
        <a href={href(ip.key)} target="_blank" rel="noopener noreferrer" title={ip.name} data-testid="designer-ip-name">
          {truncate(ip.name, IP_NAME_MAX)}
        </a>
      ),
    }),
    column<Ip>('state', t('ips.state'), (ip) => tf(`state.${ip.state}`, { defaultValue: ip.state }), {
      render: (ip) => (
        <Badge bg={stateVariant(ip.state)} data-testid="designer-ip-state" data-state={ip.state}>
          {tf(`state.${ip.state}`, { defaultValue: ip.state })}
        </Badge>
      ),
    }),
    column<Ip>('created', t('ips.created'), (ip) => ip.dateCreated, { kind: 'datetime', sortable: true }),
  ];

  return (
    <Card className="mb-3" data-testid="designer-ips">
      <Card.Header as="h3" className="h6 mb-0">
        {t('sections.ips')}
      </Card.Header>
      <Card.Body className="p-0">
        <DataTable
          columns={columns}
          rows={isLoading ? undefined : (ips ?? [])}
          lang={lang}
          caption={t('sections.ips')}
          getRowId={(ip) => ip.key}
          rowProps={(ip) => ({ 'data-testid': 'designer-ip-row', 'data-href': href(ip.key) })}
          empty={{ message: <span data-testid="designer-ips-empty">{t('ips.empty')}</span> }}
          testId="designer-ips-table"
        />
      </Card.Body>
    </Card>
  );
}
