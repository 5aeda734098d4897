import { useEffect, useMemo, useState } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { ScreenViewProps } from '@/components/page/withPage';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { truncate } from '@/lib/format/truncate';
import { personLabel, useEntityPages, usePeople } from './data-api';

interface DesignerRow {
  key: string;
  role: string;
  creator_name: string;
  corporate_name: string | null;
  name: { first?: string; last?: string };
  cat: string | null;
  email: string;
  owner: string | null;
  dateCreated: string;
}

/** designer/list: every designer record, filtered by text and type; a row opens the designer view page. */
export function DesignerListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('maintenance');
  const { lang } = useShell();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const filter = useMemo(() => {
    const parts: Record<string, unknown>[] = [];
    if (role) parts.push({ role });
    if (query) {
      parts.push({
        $or: [{ creator_name: { $contains: query } }, { corporate_name: { $contains: query } }, { email: { $contains: query } }],
      });
    }
    return parts.length ? { $and: parts } : {};
  }, [role, query]);
  const pages = useEntityPages<DesignerRow>('Designer', filter, { dateCreated: -1 });
  const rows = (pages.data ?? []).flatMap((p) => p?.items ?? []);
  const people = usePeople(rows.map((r) => r.owner).filter((s): s is string => Boolean(s)));
  const last = pages.data?.[pages.data.length - 1];

  return (
    <section data-testid="designer-list">
      <h1 className="h4 mb-3">{title}</h1>
      <Row className="g-2 mb-3">
        <Col md={5}>
          <Form.Control
            type="search"
            placeholder={t('designers.search')}
            aria-label={t('designers.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="designer-list-search"
          />
        </Col>
        <Col md={3}>
          <Form.Select value={role} onChange={(e) => setRole(e.target.value)} aria-label={t('designers.type')} data-testid="designer-list-type">
            <option value="">{t('designers.allTypes')}</option>
            <option value="personal">{t('designers.types.personal')}</option>
            <option value="corporate">{t('designers.types.corporate')}</option>
          </Form.Select>
        </Col>
      </Row>
      {!pages.data ? (
        <Spinner animation="border" size="sm" role="status" />
      ) : pages.data.some((p) => p === null) && rows.length === 0 ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted" data-testid="designer-list-empty">
          {t('designers.none')}
        </p>
      ) : (
        <Table responsive hover size="sm" className="bg-white align-middle small">
          <thead>
            <tr>
              <th>{t('designers.name')}</th>
              <th>{t('designers.type')}</th>
              <th>{t('designers.category')}</th>
              <th>{t('designers.email')}</th>
              <th>{t('designers.owner')}</th>
              <th>{t('designers.created')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const fullName = [d.name?.last, d.name?.first].filter(Boolean).join(' ');
              const owner = d.owner ? people.get(d.owner) : null;
              return (
                <tr key={d.key} data-testid="designer-list-row" data-key={d.key}>
                  <td>
                    <Link href={`/${lang}/designer/${d.key}`} data-testid="designer-list-open">
                      {truncate(d.role === 'corporate' && d.corporate_name ? d.corporate_name : d.creator_name, 60)}
                    </Link>
                    {fullName && <div className="text-muted">{fullName}</div>}
                  </td>
                  <td>{t(`designers.types.${d.role}`, { defaultValue: d.role })}</td>
                  <td>{d.cat || '—'}</td>
                  <td>{d.email}</td>
                  <td>
                    {owner ? (
                      <>
                        <div>{personLabel(owner)}</div>
                        <div className="text-muted">{owner.email}</div>
                      </>
                    ) : (
                      (d.owner ?? '—')
                    )}
                  </td>
                  <td className="text-nowrap">{formatDateTime(d.dateCreated)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {last?.nextCursor && (
        <Button variant="outline-secondary" size="sm" onClick={() => void pages.setSize(pages.size + 1)} disabled={pages.isValidating}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
