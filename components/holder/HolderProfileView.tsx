import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { useRecord } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '../kit/shell/withPage';
import { AddPersonModal } from './AddPersonModal';
import { HolderLogTable } from './HolderLogTable';
import {
  APPROVER_GROUPS,
  changeRole,
  MANAGER_GROUPS,
  personName,
  useContractSigners,
  useHolderLog,
  useHolderPermissions,
  useHolderRoles,
  type ChangeOutcome,
  type HolderPermissions,
  type Person,
  type RoleTarget,
} from './holder-api';
import { PeopleCard } from './PeopleCard';

interface HolderRecord {
  key: string;
  name: string;
  is_default: boolean;
}

type Message = { variant: 'success' | 'danger'; text: string };

function targetId(target: RoleTarget): string {
  return target.kind === 'contract' ? 'contract' : `${target.kind}-${target.group}`;
}

function mayChange(permissions: HolderPermissions | null, target: RoleTarget): boolean {
  if (!permissions) return false;
  if (target.kind === 'approver') {
    // The boss group changes with its access entry, which only the holder lists' keepers may grant.
    return target.group === 'boss' ? permissions.holderLists : permissions.approverGroups.includes(target.group);
  }
  return permissions.holderLists;
}

/**
 * The holder's approver groups, managers and contract signers, with add and remove for the
 * lists the signed-in user may change, and the admin log of those changes below.
 */
export function HolderProfileView({ title }: ScreenViewProps) {
  const { t } = useTranslation(['holder-admin', 'flow']);
  const { lang } = useShell();
  const router = useRouter();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const requestedKey = typeof router.query.key === 'string' ? router.query.key : null;

  const roles = useHolderRoles();
  const signers = useContractSigners();
  const { permissions } = useHolderPermissions();
  const [logQuery, setLogQuery] = useState('');
  const logPager = useCursorPager(logQuery);
  const log = useHolderLog(logQuery, logPager.cursor);
  const holderKey = requestedKey ?? roles.data?.holder ?? null;
  const record = useRecord<HolderRecord>('Holder', holderKey);

  const [adding, setAdding] = useState<RoleTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const onLogQuery = useCallback((q: string) => setLogQuery(q), []);

  const labelOf = (target: RoleTarget): string => {
    if (target.kind === 'contract') return t('profile.contractSigners');
    const group = t(`flow:group.${target.group}`);
    return target.kind === 'approver' ? t('profile.approverGroup', { group }) : t('profile.managerGroup', { group });
  };

  const peopleOf = (target: RoleTarget): Person[] | undefined => {
    if (target.kind === 'contract') return signers.data ?? undefined;
    if (!roles.data) return undefined;
    return target.kind === 'approver' ? roles.data.approver[target.group] : roles.data[`manager_${target.group}`];
  };

  const refusal = (outcome: Exclude<ChangeOutcome, { ok: true }>): string => {
    if (outcome.reason === 'forbidden') return t('profile.refused');
    if (outcome.reason === 'notFound') return t('profile.notFound');
    if (outcome.reason === 'invalid') return outcome.detail ?? t('profile.invalid');
    return t('profile.failed');
  };

  const refresh = async () => {
    // The change is the newest entry: back to the log's first page to show it.
    logPager.first();
    await Promise.all([roles.mutate(), signers.mutate(), log.mutate()]);
  };

  const add = async (person: { sub: string; email: string; nickname: string; first_name: string; last_name: string }) => {
    if (!adding) return null;
    const target = adding;
    setBusy(true);
    const outcome = await changeRole(target, 'add', person.sub, { token: session?.accessToken, lang });
    setBusy(false);
    if (!outcome.ok) return refusal(outcome);
    setAdding(null);
    setMessage({ variant: 'success', text: t('profile.added', { name: personName(person, lang), target: labelOf(target) }) });
    await refresh();
    return null;
  };

  const remove = async (target: RoleTarget, person: Person) => {
    const name = personName(person, lang) || person.sub;
    const ok = await dialogs.confirm(t('profile.removeTitle'), t('profile.removeConfirm', { name, target: labelOf(target) }));
    if (!ok) return;
    setBusy(true);
    setMessage(null);
    const outcome = await changeRole(target, 'remove', person.sub, { token: session?.accessToken, lang });
    setBusy(false);
    if (!outcome.ok) {
      setMessage({ variant: 'danger', text: refusal(outcome) });
      return;
    }
    setMessage({ variant: 'success', text: t('profile.removed', { name, target: labelOf(target) }) });
    await refresh();
  };

  const card = (target: RoleTarget) => {
    const id = targetId(target);
    return (
      <div className="col-12 col-md-6 col-xl-3" key={id}>
        <PeopleCard
          testId={`group-${id}`}
          title={labelOf(target)}
          people={peopleOf(target)}
          canChange={mayChange(permissions, target)}
          busy={busy}
          onAdd={() => {
            setMessage(null);
            setAdding(target);
          }}
          onRemove={(person) => void remove(target, person)}
        />
      </div>
    );
  };

  const otherHolder = Boolean(requestedKey && roles.data && requestedKey !== roles.data.holder);
  const readOnly = permissions !== null && !permissions.holderLists && permissions.approverGroups.length === 0;

  return (
    <section data-testid="holder-profile">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h1 className="h3 mb-0">{title}</h1>
        {record.data && (
          <span className="fs-5 text-muted" data-testid="holder-name">
            {record.data.name}
          </span>
        )}
        {record.data?.is_default && <Badge bg="primary">{t('list.default')}</Badge>}
      </div>
      <p className="text-muted">{t('profile.intro')}</p>
      {record.data === null && requestedKey && (
        <Alert variant="warning" data-testid="holder-not-found">
          {t('profile.holderNotFound')}
        </Alert>
      )}
      {otherHolder && (
        <Alert variant="info" data-testid="holder-not-default">
          {t('profile.notDefault')}{' '}
          <Link href={`/${lang}/holder/profile?key=${encodeURIComponent(roles.data!.holder)}`}>{t('profile.openDefault')}</Link>
        </Alert>
      )}
      {readOnly && <p className="small text-muted">{t('profile.readOnly')}</p>}
      {message && (
        <Alert variant={message.variant} dismissible onClose={() => setMessage(null)} data-testid="role-message">
          {message.text}
        </Alert>
      )}
      {roles.isLoading ? (
        <div className="py-4 text-center" role="status">
          <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
        </div>
      ) : !roles.data ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : (
        !otherHolder && (
          <>
            <h2 className="h5 mt-4">{t('profile.approvers')}</h2>
            <div className="row g-3">{APPROVER_GROUPS.map((group) => card({ kind: 'approver', group }))}</div>
            <h2 className="h5 mt-4">{t('profile.managers')}</h2>
            <div className="row g-3">
              {MANAGER_GROUPS.map((group) => card({ kind: 'manager', group }))}
              {signers.data && card({ kind: 'contract' })}
            </div>
          </>
        )
      )}
      <HolderLogTable log={log} pager={logPager} query={logQuery} onQuery={onLogQuery} />
      <AddPersonModal
        target={adding ? labelOf(adding) : null}
        present={(adding && peopleOf(adding)?.map((p) => p.sub)) || []}
        onSubmit={add}
        onClose={() => setAdding(null)}
      />
    </section>
  );
}
