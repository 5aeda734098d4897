import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { displayName, useUserPages, type UserRow } from './acl-api';

/** Find users by e-mail or name, page by page; Open shows their access entries. */
export function UserSearch({ selected, onOpen }: { selected: string | null; onOpen: (user: UserRow) => void }) {
  const { t } = useTranslation('acl');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const pages = useUserPages(query);
  const users = (pages.data ?? []).flatMap((p) => p?.items ?? []);
  const last = pages.data?.[pages.data.length - 1];
  const failed = pages.data?.some((p) => p === null);

  return (
    <section data-testid="acl-users">
      <Form.Group controlId="acl-user-search" className="mb-2" style={{ maxWidth: 420 }}>
        <Form.Label className="visually-hidden">{t('users.search')}</Form.Label>
        <Form.Control
          type="search"
          placeholder={t('users.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="acl-user-search"
        />
      </Form.Group>
      {!pages.data ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : failed && users.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : users.length === 0 ? (
        <p className="text-muted" data-testid="acl-users-empty">
          {t('users.none')}
        </p>
      ) : (
        <Table responsive size="sm" hover className="bg-white align-middle small">
          <thead>
            <tr>
              <th>{t('users.name')}</th>
              <th>{t('users.email')}</th>
              <th>{t('users.lang')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr
                key={user.sub}
                className={user.sub === selected ? 'table-active' : undefined}
                data-testid="acl-user-row"
                data-email={user.email}
              >
                <td>{displayName(user)}</td>
                <td>{user.email}</td>
                <td>{t(`common:languages.${user.lang}`, { defaultValue: user.lang })}</td>
                <td className="text-end">
                  <Button size="sm" variant="outline-primary" onClick={() => onOpen(user)} data-testid="acl-user-open">
                    {t('users.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {last?.next && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void pages.setSize(pages.size + 1)}
          disabled={pages.isValidating}
          data-testid="acl-users-more"
        >
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
