import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { api, type AnswerData } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { MemberInvitations } from '@/components/invite/MemberInvitations';
import { AdminNav, useChosenOrganisation } from './AdminNav';
import { useOrganisations, type MemberRole, type Organisation } from './useOrganisations';

const ALL_ROLES: readonly MemberRole[] = ['owner', 'admin', 'staff', 'designer'];

type Member = AnswerData<'/api/role/licensee/{x}', 'get'>['members'][number];

interface Problem {
  fields: Record<string, string>;
  message: string | null;
}

function problemOf(answer: { status: number; data: unknown } | null, fallback: string): Problem {
  const data = answer?.data as { errors?: Record<string, string>; message?: string } | string | undefined;
  if (data && typeof data === 'object' && data.errors) return { fields: data.errors, message: null };
  return { fields: {}, message: typeof data === 'string' ? data : (data?.message ?? fallback) };
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles.includes('admin') ? 'admin' : roles[0]!);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const choices = roles.filter((r) => r !== 'owner' || org.role === 'owner');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setProblem(null);
    const token = session?.accessToken;
    const found = await api.POST('/api/licensee/member-lookup', {
      token,
      body: { licensee: org.key, email: email.trim() },
    });
    if (found?.status !== 0) {
      setPending(false);
      setProblem(problemOf(found, t('members.failed')));
      return;
    }
    const set = await api.POST('/api/role/licensee/{x}', {
      params: { path: { x: org.key } },
      token,
      body: { sub: found.data.sub, role },
    });
    setPending(false);
    if (set?.status !== 0) {
      setProblem(problemOf(set, t('members.failed')));
      return;
    }
    setEmail('');
    onAdded(found.data.name);
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} className="mb-3" data-testid="member-add-form">
      <Form.Label htmlFor="member-email">{t('members.addTitle')}</Form.Label>
      <InputGroup hasValidation style={{ maxWidth: 640 }}>
        <Form.Control
          id="member-email"
          type="email"
          placeholder={t('members.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          isInvalid={Boolean(problem?.fields.email ?? problem?.fields.licensee)}
          data-testid="member-email"
        />
        {choices.length > 1 && (
          <Form.Select
            value={role}
            onChange={(e) => setRole(e.target.value as MemberRole)}
            style={{ maxWidth: 180 }}
            aria-label={t('members.role')}
            data-testid="member-add-role"
          >
            {choices.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </Form.Select>
        )}
        <Button type="submit" disabled={pending || !email.trim()} data-testid="member-add">
          {t('members.add')}
        </Button>
        <Form.Control.Feedback type="invalid" data-testid="member-email-error">
          {problem?.fields.email ?? problem?.fields.licensee}
        </Form.Control.Feedback>
      </InputGroup>
      {problem && (problem.message || problem.fields.sub || problem.fields.role) && (
        <Alert variant="danger" className="py-2 mt-2" data-testid="member-add-error">
          {problem.fields.sub ?? problem.fields.role ?? problem.message}
        </Alert>
      )}
      <Form.Text muted className="d-block mt-1">
        {t('members.inviteLater')}
      </Form.Text>
    </Form>
  );
}

/**
 * One member page: the people holding the page's sub-roles, added by e-mail, moved to another
 * sub-role or removed (each change is written to the admin log by the server).
 */
function MembersPage({ title, roles }: ScreenViewProps & { roles: readonly MemberRole[] }) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const { organisations, loading } = useOrganisations();
  const { current, choose } = useChosenOrganisation(organisations);
  const { data: members, isLoading, mutate } = useMembers(current);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const shown = (members ?? []).filter((m) => m.roles.some((r) => roles.includes(r)));

  const change = async (member: Member, role: MemberRole) => {
    if (!current) return;
    setBusy(member.sub);
    setProblem(null);
    const answer = await api.POST('/api/role/licensee/{x}', {
      params: { path: { x: current.key } },
      token: session?.accessToken,
      body: { sub: member.sub, role },
    });
    setBusy(null);
    if (answer?.status !== 0) {
      const p = problemOf(answer, t('members.failed'));
      setProblem(Object.values(p.fields).join(' ') || p.message);
      return;
    }
    setNotice(t('members.changed', { name: nameOf(member, lang), role: t(`role.${role}`) }));
    void mutate();
  };

  const remove = async (member: Member) => {
    if (!current) return;
    const name = nameOf(member, lang);
    if (!(await dialogs.confirm(t('members.removeTitle'), t('members.removeConfirm', { name, org: current.name })))) return;
    setBusy(member.sub);
    setProblem(null);
    const answer = await api.DELETE('/api/role/licensee/{x}', {
      params: { path: { x: current.key } },
      token: session?.accessToken,
      body: { sub: member.sub },
    });
    setBusy(null);
    if (answer?.status !== 0) {
      const p = problemOf(answer, t('members.failed'));
      setProblem(Object.values(p.fields).join(' ') || p.message);
      return;
    }
    setNotice(t('members.removed', { name }));
    void mutate();
  };

  return (
    <div data-testid="licensee-members">
      <h1 className="h4 mb-3">{title}</h1>
      <AdminNav organisations={organisations} current={current} onChoose={choose} />
      {loading ? (
        <Spinner animation="border" size="sm" />
      ) : !current ? (
        <Alert variant="warning">{t('admin.noOrganisation')}</Alert>
      ) : !current.manages ? (
        <Alert variant="secondary" data-testid="members-not-manager">
          {t('members.notManager')}
        </Alert>
      ) : (
        <>
          <p className="text-muted small">{t(`members.intro.${roles.join('-')}`)}</p>
          <AddMember
            org={current}
            roles={roles}
            onAdded={(name) => {
              setNotice(t('members.added', { name }));
              void mutate();
            }}
          />
          {notice && (
            <Alert variant="success" className="py-2" dismissible onClose={() => setNotice(null)} data-testid="members-notice">
              {notice}
            </Alert>
          )}
          {problem && (
            <Alert variant="danger" className="py-2" dismissible onClose={() => setProblem(null)} data-testid="members-error">
              {problem}
            </Alert>
          )}
          {isLoading ? (
            <Spinner animation="border" size="sm" />
          ) : shown.length === 0 ? (
            <p className="text-muted" data-testid="members-empty">
              {t('members.empty')}
            </p>
          ) : (
            <Table size="sm" responsive className="align-middle" data-testid="members-table">
              <thead>
                <tr>
                  <th>{t('members.name')}</th>
                  <th>{t('members.email')}</th>
                  <th>{t('members.role')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {shown.map((member) => {
                  const role = member.roles.find((r) => roles.includes(r)) ?? member.roles[0]!;
                  const isOwner = member.roles.includes('owner');
                  // Only an owner grants or takes away the owner role (the server checks too).
                  const locked = isOwner && current.role !== 'owner';
                  return (
                    <tr key={member.sub} data-testid="member-row" data-email={member.email}>
                      <td>{nameOf(member, lang)}</td>
                      <td>{member.email}</td>
                      <td>
                        <Form.Select
                          size="sm"
                          value={role}
                          disabled={locked || busy === member.sub}
                          onChange={(e) => void change(member, e.target.value as MemberRole)}
                          aria-label={t('members.role')}
                          style={{ maxWidth: 180 }}
                          data-testid="member-role"
                        >
                          {ALL_ROLES.filter((r) => r !== 'owner' || current.role === 'owner' || isOwner).map((r) => (
                            <option key={r} value={r}>
                              {t(`role.${r}`)}
                            </option>
                          ))}
                        </Form.Select>
                      </td>
                      <td className="text-end">
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={locked || busy === member.sub}
                          onClick={() => void remove(member)}
                          data-testid="member-remove"
                        >
                          {t('members.remove')}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          {(roles[0] === 'staff' || roles[0] === 'designer') && (
            <MemberInvitations licensee={current.key} kind={roles[0] === 'staff' ? 'licensee-staff' : 'licensee-designer'} />
          )}
        </>
      )}
    </div>
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
