import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { Form } from '@/components/kit/form/Form';
import { TextField } from '@/components/kit/form/TextField';
import { useLiveFilter } from '@/components/kit/form/use-live-filter';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { useShell } from '@/lib/client/settings-context';
import { displayName, useUserPage, type UserRow } from './acl-api';

/** Find users by e-mail or name, page by page; Open shows their access entries. */
export function UserSearch({ selected, onOpen }: { selected: string | null; onOpen: (user: UserRow) => void }) {
  const { t } = useTranslation('acl');
  const { lang } = useShell();
  const form = useSchemaForm<{ q: string }>(() => import('@/lib/server/users/list-users-input').then((m) => m.usersListInput), {
    q: '',
  });
  const q = useLiveFilter(form, 300).q.trim();
  const pager = useCursorPager(q);
  const page = useUserPage(q, pager.cursor);

  const columns = [
    column<UserRow>('name', t('users.name'), displayName, { hideable: false }),
    column<UserRow>('email', t('users.email'), (user) => user.email),
    column<UserRow>('lang', t('users.lang'), (user) => t(`common:languages.${user.lang}`, { defaultValue: user.lang })),
    actionsColumn<UserRow>(t('users.open'), (user) => (
      <Button size="sm" variant="outline-primary" onClick={() => onOpen(user)} data-testid="acl-user-open">
        {t('users.open')}
      </Button>
    )),
  ];

  return (
    <section data-testid="acl-users">
      <Form form={form} onSubmit={() => undefined} testId="acl-user-filter">
        <div style={{ maxWidth: 420 }}>
          <TextField name="q" type="search" label={t('users.search')} maxLength={200} testId="acl-user-search" />
        </div>
      </Form>
      <DataTable
        columns={columns}
        rows={page.data?.items}
        error={page.data === null || Boolean(page.error)}
        onRetry={() => void page.mutate()}
        lang={lang}
        caption={t('tabs.users')}
        getRowId={(user) => user.sub}
        rowProps={(user) => ({
          'data-testid': 'acl-user-row',
          'data-email': user.email,
          className: user.sub === selected ? 'table-active' : undefined,
        })}
        empty={{ message: <span data-testid="acl-users-empty">{t('users.none')}</span> }}
        skeletonRows={5}
        pager={{ ...cursorPagerProps(pager, page.data?.next), testId: 'acl-users-pager' }}
      />
    </section>
  );
}
