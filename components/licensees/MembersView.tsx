import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { RowActionAlerts, useRowActions } from '@/components/kit/table/row-actions';
import { api, type AnswerData } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { MemberInvitations } from '@/components/invite/MemberInvitations';
import { problemOf } from '@/components/invite/invite-api';
import { AdminPage } from './AdminPage';
import { InstantSelect } from '@/components/kit/form/InstantSelect';
import type { MemberRole, Organisation } from './useOrganisations';

const ALL_ROLES: readonly MemberRole[] = ['owner', 'admin', 'staff', 'designer'];

type Member = AnswerData<'/api/role/licensee/{x}', 'get'>['members'][number];

interface AddValues {
  licensee: string;
  email: string;
  role: MemberRole;
}

function useMembers(org: Organisation | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(org?.manages && token ? ['licensee-members', org.key, token] : null, async () => {
    const answer = await api.GET('/api/role/licensee/{x}', { params: { path: { x: org!.key } }, token });
    return answer?.status === 0 ? answer.data.members : null;
  });
}

function nameOf(member: Member, lang: 'jp' | 'en'): string {
  const parts = lang === 'jp' ? [member.last_name, member.first_name] : [member.first_name, member.last_name];
  return parts.filter(Boolean).join(' ') || member.nickname || member.email || member.sub;
}

/** Adds a person with an account, found by exact e-mail address, with one of the page's sub-roles. */
function AddMember({ org, roles, onAdded }: { org: Organisation; roles: readonly MemberRole[]; onAdded(name: string): void }) {
  const { t } = useTranslation('licensee');
  const { data: session } = useSession();
  const choices = roles.filter((r) => r !== 'owner' || org.role === 'owner');
  const form = useSchemaForm<AddValues>(
    () =>
      Promise.all([import('zod'), import('@/lib/server/licensees/inputs')]).then(([{ z }, m]) =>
        m.memberLookupInput.extend({ role: z.enum(m.LICENSEE_ROLES) }),
      ),
    { licensee: org.key, email: '', role: roles.includes('admin') ? 'admin' : roles[0]! },
  );
  const email = useWatch({ control: form.control, name: 'email' });
  useEffect(() => form.setValue('licensee', org.key), [form, org.key]);

  const refused = (answer: Parameters<typeof problemOf>[0]) => {
    const { fields, message } = problemOf(answer, t('members.failed'));
    // The organisation is not a field here: what is said about it shows under the address.
    const { licensee, ...rest } = fields;
    showServerErrors(form, licensee && !rest.email ? { ...rest, email: licensee } : rest, message ?? t('members.failed'));
  };

  const submit = async ({ email: address, role }: AddValues) => {
    const token = session?.accessToken;
    const found = await api.POST('/api/licensee/member-lookup', { token, body: { licensee: org.key, email: address.trim() } });
    if (found?.status !== 0) return refused(found);
    const set = await api.POST('/api/role/licensee/{x}', {
      params: { path: { x: org.key } },
      token,
      body: { sub: found.data.sub, role },
    });
    if (set?.status !== 0) return refused(set);
    form.reset({ licensee: org.key, email: '', role });
    onAdded(found.data.name);
  };

  return (
    <Form form={form} onSubmit={submit} className="mb-3" testId="member-add-form">
      <Row className="g-2 align-items-start" style={{ maxWidth: 720 }}>
        <Col sm={choices.length > 1 ? 7 : 10}>
          <TextField
            name="email"
            label={t('members.addTitle')}
            type="email"
            placeholder={t('members.emailPlaceholder')}
            help={t('members.inviteLater')}
            testId="member-email"
          />
        </Col>
        {choices.length > 1 && (
          <Col sm={3}>
            <SelectField
              name="role"
              label={t('members.role')}
              options={choices.map((r) => ({ value: r, label: t(`role.${r}`) }))}
              testId="member-add-role"
            />
          </Col>
        )}
        <Col sm={2} className="pt-sm-4">
          <SubmitButton disabled={!email?.trim()} testId="member-add">
            {t('members.add')}
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * One member page: the people holding the page's sub-roles, added by e-mail, moved to another
 * sub-role or removed (each change is written to the admin log by the server).
 */
function MembersPage({ title, roles }: ScreenViewProps & { roles: readonly MemberRole[] }) {
  const { t } = useTranslation('licensee');
  return (
    <AdminPage title={title} testId="licensee-members">
      {(org) =>
        org.manages ? (
          <Members key={org.key} org={org} roles={roles} title={title} />
        ) : (
          <Alert variant="secondary" data-testid="members-not-manager">
            {t('members.notManager')}
          </Alert>
        )
      }
    </AdminPage>
  );
}

/** The members of one organisation its owners and admins manage. */
function Members({ org: current, roles, title }: { org: Organisation; roles: readonly MemberRole[]; title: string }) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const { data: members, isLoading, mutate } = useMembers(current);
  const actions = useRowActions(t('members.failed'), () => void mutate());
  const shown = (members ?? []).filter((m) => m.roles.some((r) => roles.includes(r)));

  const change = (org: Organisation, member: Member, role: MemberRole) =>
    actions.run(
      member.sub,
      () =>
        api.POST('/api/role/licensee/{x}', {
          params: { path: { x: org.key } },
          token: session?.accessToken,
          body: { sub: member.sub, role },
        }),
      t('members.changed', { name: nameOf(member, lang), role: t(`role.${role}`) }),
    );

  const remove = async (org: Organisation, member: Member) => {
    const name = nameOf(member, lang);
    if (!(await dialogs.confirm(t('members.removeTitle'), t('members.removeConfirm', { name, org: org.name })))) return;
    await actions.run(
      member.sub,
      () =>
        api.DELETE('/api/role/licensee/{x}', {
          params: { path: { x: org.key } },
          token: session?.accessToken,
          body: { sub: member.sub },
        }),
      t('members.removed', { name }),
    );
  };

  const table = (org: Organisation) => {
    // Only an owner grants or takes away the owner role (the server checks too).
    const locked = (member: Member) => member.roles.includes('owner') && org.role !== 'owner';
    const columns = [
      column<Member>('name', t('members.name'), (member) => nameOf(member, lang), { hideable: false }),
      column<Member>('email', t('members.email'), (member) => member.email),
      column<Member>('role', t('members.role'), (member) => member.roles.find((r) => roles.includes(r)) ?? member.roles[0], {
        render: (member) => (
          <InstantSelect
            label={t('members.role')}
            value={member.roles.find((r) => roles.includes(r)) ?? member.roles[0]!}
            options={ALL_ROLES.filter((r) => r !== 'owner' || org.role === 'owner' || member.roles.includes('owner')).map(
              (r) => ({ value: r, label: t(`role.${r}`) }),
            )}
            onChoose={(role) => change(org, member, role as MemberRole)}
            disabled={locked(member) || actions.busy === member.sub}
            testId="member-role"
          />
        ),
      }),
      actionsColumn<Member>(t('members.remove'), (member) => (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={locked(member) || actions.busy === member.sub}
          onClick={() => void remove(org, member)}
          data-testid="member-remove"
        >
          {t('members.remove')}
        </Button>
      )),
    ];
    return (
      <DataTable
        columns={columns}
        rows={isLoading ? undefined : shown}
        error={members === null}
        onRetry={() => void mutate()}
        lang={lang}
        caption={title}
        testId="members-table"
        getRowId={(member) => member.sub}
        rowProps={(member) => ({ 'data-testid': 'member-row', 'data-email': member.email })}
        empty={{ message: <span data-testid="members-empty">{t('members.empty')}</span> }}
        skeletonRows={2}
      />
    );
  };

  return (
    <>
      <p className="text-muted small">{t(`members.intro.${roles.join('-')}`)}</p>
      <AddMember
        org={current}
        roles={roles}
        onAdded={(name) => {
          actions.setNotice(t('members.added', { name }));
          void mutate();
        }}
      />
      <RowActionAlerts actions={actions} testId="members" />
      {table(current)}
      {(roles[0] === 'staff' || roles[0] === 'designer') && (
        <MemberInvitations licensee={current.key} kind={roles[0] === 'staff' ? 'licensee-staff' : 'licensee-designer'} />
      )}
    </>
  );
}

export function AdministratorsView(props: ScreenViewProps) {
  return <MembersPage {...props} roles={['owner', 'admin']} />;
}

export function StaffView(props: ScreenViewProps) {
  return <MembersPage {...props} roles={['staff']} />;
}

export function DesignerMembersView(props: ScreenViewProps) {
  return <MembersPage {...props} roles={['designer']} />;
}
