import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ColumnDef } from '@tanstack/react-table';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { useLiveFilter } from '@/components/kit/form/use-live-filter';
import { DataTable } from '@/components/kit/table/DataTable';
import { RowActions } from '@/components/kit/table/RowActions';
import { actionsColumn } from '@/components/kit/table/columns';
import { cursorPagerProps, useCursorPager } from '@/components/kit/table/use-cursor-pager';
import { useShell } from '@/lib/client/settings-context';
import { useNotice } from '../use-notice';
import { QueueItemDialog } from './QueueParts';
import { useCoreCaller, useQueuePage, type Queue, type QueuePage, type QueueQuery } from './queue-api';

type QueueWord =
  | 'intro'
  | 'open'
  | 'retry'
  | 'retryFailed'
  | 'col.actions'
  | 'filter.refresh'
  | 'filter.clear'
  | 'empty'
  | 'loadFailed'
  | 'detail.title'
  | 'detail.close';

export interface QueueScreenProps<
  S extends { key: string; state: string },
  F extends FieldValues,
  Q extends QueueQuery,
  P extends QueuePage<S>,
  D,
> {
  title: string;
  /** The translation namespace: intro, open, retry, empty, col.actions, filter.refresh. */
  ns: 'jobs' | 'mail';
  /** Test id prefixes of the list (`jobs-refresh`) and of an item (`job-row-<key>`). */
  ids: { list: string; item: string };
  /** The other queue's page, named at the end of the intro. */
  link: { href: string; text: string; testId: string };
  queue: Queue<Q, P, D>;
  form: UseFormReturn<F>;
  query: (filter: F, cursor: string | undefined) => Q;
  /** The filter bar's fields (the page's answer offers the choices it knows). */
  filters: (page: P | null | undefined) => ReactNode;
  /** Above the filters: what the page's answer says of the whole queue (counts by state). */
  summary?: (page: P) => ReactNode;
  columns: ColumnDef<S, unknown>[];
  rowData?: (row: S) => Record<string, string>;
  retry: { allowed: (row: S) => boolean; variant?: (row: S) => string; done: (row: S) => string };
  /** The dialog an item opens in: its title and what it shows once loaded. */
  detail: { title: (item: D) => string; body: (item: D) => ReactNode };
}

/**
 * An administration page over one of the core's work queues: the filter bar (applied as it
 * changes), the list a cursor page at a time with Open and Retry on each row, the outcome of
 * the last retry, and the item's dialog.
 */
export function QueueScreen<
  S extends { key: string; state: string },
  F extends FieldValues,
  Q extends QueueQuery,
  P extends QueuePage<S>,
  D,
>(props: QueueScreenProps<S, F, Q, P, D>) {
  const { title, ns, ids, link, queue, form, query, filters, summary, columns, rowData, retry, detail } = props;
  // Both queues name the same things in their own namespace; the keys stay literal for the extractor.
  const { t: translate } = useTranslation(['jobs', 'mail']);
  const t = (word: QueueWord) => translate(`${ns}:${word}`);
  const { lang } = useShell();
  const { core, token } = useCoreCaller();
  const filter = useLiveFilter(form);
  const pager = useCursorPager(JSON.stringify(filter));
  const page = useQueuePage(queue, query(filter, pager.cursor));
  const notice = useNotice(`${ids.list}-notice`);
  const [opened, setOpened] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const again = async (row: S) => {
    setBusy(row.key);
    const ok = await queue.retry(core, token, row.key);
    setBusy(null);
    notice.show(ok, ok ? retry.done(row) : t('retryFailed'));
    void page.mutate();
  };

  const withActions = [
    ...columns,
    actionsColumn<S>(t('col.actions'), (row) => (
      <RowActions
        actions={[
          { label: t('open'), onClick: () => setOpened(row.key), variant: 'link', testId: `${ids.item}-open-${row.key}` },
          {
            label: t('retry'),
            onClick: () => void again(row),
            variant: retry.variant?.(row),
            disabled: busy === row.key,
            hidden: !retry.allowed(row),
            testId: `${ids.item}-retry-${row.key}`,
          },
        ]}
      />
    )),
  ];

  return (
    <section data-testid={`sys-${ns}`}>
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted small">
        {t('intro')}{' '}
        <Link href={link.href} data-testid={link.testId}>
          {link.text}
        </Link>
      </p>
      {page.data && summary?.(page.data)}
      <Form form={form} onSubmit={() => undefined} testId={`${ids.list}-filters`} className="mb-3">
        <Row className="g-2 align-items-end">
          {filters(page.data)}
          <Col xs="auto" className="mb-1">
            <Button size="sm" variant="outline-secondary" onClick={() => void page.mutate()} data-testid={`${ids.list}-refresh`}>
              {t('filter.refresh')}
            </Button>
          </Col>
        </Row>
      </Form>
      {notice.alert}
      <DataTable
        columns={withActions}
        rows={page.data?.items}
        error={page.data === null || Boolean(page.error)}
        onRetry={() => void page.mutate()}
        lang={lang}
        caption={title}
        testId={`${ids.list}-table`}
        getRowId={(row) => row.key}
        rowProps={(row) => ({ 'data-testid': `${ids.item}-row-${row.key}`, ...rowData?.(row) })}
        empty={{
          message: <span data-testid={`${ids.list}-empty`}>{t('empty')}</span>,
          action: Object.values(filter).some(Boolean) && (
            <Button size="sm" variant="outline-secondary" onClick={() => form.reset()} data-testid={`${ids.list}-clear`}>
              {t('filter.clear')}
            </Button>
          ),
        }}
        skeletonRows={10}
        pager={{ ...cursorPagerProps(pager, page.data?.nextCursor), testId: `${ids.list}-pager` }}
      />
      <QueueItemDialog
        queue={queue}
        itemKey={opened}
        onClose={() => setOpened(null)}
        title={(item) => (item ? detail.title(item) : t('detail.title'))}
        failedText={t('loadFailed')}
        closeText={t('detail.close')}
        testId={`${ids.item}-detail`}
        body={detail.body}
      />
    </section>
  );
}
