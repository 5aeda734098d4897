import { useMemo } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { TextField } from '@/components/kit/form/TextField';
import { useLiveFilter } from '@/components/kit/form/use-live-filter';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { truncate } from '@/lib/format/truncate';
import { NameAndEmail } from '../NameAndEmail';
import { personLabel, usePeople } from './data-api';

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

const PAGE = 50;
const TYPES = ['personal', 'corporate'] as const;

// The list is an entity query built here: its filter bar has no server schema of its own.
const designerFilter = z.object({ q: z.string().trim().max(200).optional(), role: z.enum(TYPES).optional() });

/** designer/list: every designer record, filtered by text and type; a row opens the designer view page. */
export function DesignerListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('maintenance');
  const { lang } = useShell();
  const form = useSchemaForm<{ q: string; role: string }>(() => Promise.resolve(designerFilter), { q: '', role: '' });
  const applied = useLiveFilter(form, 300);
  const query = applied.q.trim();
  const role = applied.role;
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
  const pager = useCursorPager(JSON.stringify(filter));
  const page = useEntityQuery<DesignerRow>('Designer', { filter, sort: { dateCreated: -1 }, limit: PAGE, cursor: pager.cursor });
  const rows = page.data?.items;
  const people = usePeople((rows ?? []).map((r) => r.owner).filter((s): s is string => Boolean(s)));

  const columns = [
    column<DesignerRow>('name', t('designers.name'), (d) => (d.role === 'corporate' && d.corporate_name ? d.corporate_name : d.creator_name), {
      hideable: false,
      render: (d) => {
        const fullName = [d.name?.last, d.name?.first].filter(Boolean).join(' ');
        return (
          <div>
            <Link href={`/${lang}/designer/${d.key}`} data-testid="designer-list-open">
              {truncate(d.role === 'corporate' && d.corporate_name ? d.corporate_name : d.creator_name, 60)}
            </Link>
            {fullName && <div className="text-muted small">{fullName}</div>}
          </div>
        );
      },
    }),
    column<DesignerRow>('role', t('designers.type'), (d) => t(`designers.types.${d.role}`, { defaultValue: d.role })),
    column<DesignerRow>('cat', t('designers.category'), (d) => d.cat ?? ''),
    column<DesignerRow>('email', t('designers.email'), (d) => d.email),
    column<DesignerRow>('owner', t('designers.owner'), (d) => (d.owner ? (people.get(d.owner)?.email ?? d.owner) : ''), {
      render: (d) => {
        const owner = d.owner ? people.get(d.owner) : null;
        return owner ? <NameAndEmail name={personLabel(owner)} email={owner.email} /> : (d.owner ?? '—');
      },
    }),
    column<DesignerRow>('created', t('designers.created'), (d) => d.dateCreated, { kind: 'datetime' }),
  ];

  return (
    <section data-testid="designer-list">
      <h1 className="h4 mb-3">{title}</h1>
      <Form form={form} onSubmit={() => undefined} testId="designer-list-filter">
        <Row className="g-2 mb-3">
          <Col md={5}>
            <TextField name="q" type="search" label={t('designers.search')} maxLength={200} className="mb-0" testId="designer-list-search" />
          </Col>
          <Col md={3}>
            <SelectField
              name="role"
              label={t('designers.type')}
              placeholder={t('designers.allTypes')}
              options={TYPES.map((type) => ({ value: type, label: t(`designers.types.${type}`) }))}
              className="mb-0"
              testId="designer-list-type"
            />
          </Col>
        </Row>
      </Form>
      <DataTable
        columns={columns}
        rows={page.data === null ? [] : rows}
        error={page.data === null || page.error}
        onRetry={() => void page.mutate()}
        lang={lang}
        caption={title}
        testId="designer-list-table"
        getRowId={(d) => d.key}
        rowProps={(d) => ({ 'data-testid': 'designer-list-row', 'data-key': d.key })}
        empty={{ message: <span data-testid="designer-list-empty">{t('designers.none')}</span> }}
        skeletonRows={10}
        csvName="designers.csv"
        pager={cursorPagerProps(pager, page.data?.nextCursor)}
      />
    </section>
  );
}
