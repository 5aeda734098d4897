import Badge from 'react-bootstrap/Badge';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { ApprovalQueueView } from '@/components/flow/approval/ApprovalQueueView';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useApprovalQueue } from '@/lib/client/flow';

type TabKey = 'ips' | 'usages';

const TABS: { kind: TabKey; label: string }[] = [
  { kind: 'ips', label: 'approve.ipsTab' },
  { kind: 'usages', label: 'approve.usagesTab' },
];

function TabTitle({ label, count }: { label: string; count: number | undefined }) {
  return (
    <span className="d-inline-flex align-items-center gap-1">
      {label}
      {count ? (
        <Badge bg="danger" pill>
          {count}
        </Badge>
      ) : null}
    </span>
  );
}

/**
 * holder/approve/ip: secondary IPs and usage permits waiting for the signed-in approver, one tab
 * each (the tab is kept in ?tab= so a link can open the permits directly).
 */
export function HolderIpApprovalView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const router = useRouter();
  const active: TabKey = router.query.tab === 'usages' ? 'usages' : 'ips';
  const ips = useApprovalQueue('ips');
  const usages = useApprovalQueue('usages');
  const counts = { ips, usages };
  const select = (key: string | null) =>
    void router.replace(
      { pathname: router.pathname, query: { ...router.query, tab: key === 'usages' ? 'usages' : undefined } },
      undefined,
      {
        shallow: true,
      },
    );
  return (
    <Tabs activeKey={active} onSelect={select} mountOnEnter unmountOnExit className="mb-3" data-testid="approve-ip-tabs">
      {TABS.map(({ kind, label }) => (
        <Tab
          key={kind}
          eventKey={kind}
          title={<TabTitle label={t(label)} count={counts[kind].data?.length} />}
          tabAttrs={{ 'data-testid': `tab-${kind}` }}
        >
          <ApprovalQueueView title={title} kind={kind} />
        </Tab>
      ))}
    </Tabs>
  );
}
