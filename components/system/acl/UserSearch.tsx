import { useTranslation } from 'next-i18next/pages';
import Button from 'react-bootstrap/Button';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { useShell } from '@/lib/client/settings-context';
import { SearchBox, useSearchBox } from '../SearchBox';
import { displayName, useUserPage, type UserRow } from './acl-api';

/** Find users by e-mail or name, page by page; Open shows their access entries. */
export function UserSearch({ selected, onOpen }: { selected: string | null; onOpen: (user: UserRow) => void }) {
  const { t } = useTranslation('acl');
  const { lang } = useShell();
  const { form, q } = useSearchBox(() => import('@/lib/server/users/list-users-input').then((m) => m.usersListInput));
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
      <SearchBox form={form} label={t('users.search')} testId="acl-user-search" />
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
