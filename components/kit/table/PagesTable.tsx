import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useShell } from '@/lib/client/settings-context';
import { DataTable, type DataTableProps } from './DataTable';

/** What a "show more" list of cursor pages (useEntityPages) tells its table and its button. */
export interface MorePages<T> {
  items: T[];
  ready: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  mutate(): unknown;
}

/**
 * A DataTable over such a list of records: no rows until the first page answers, the failure with
 * a retry, and under it the button that asks for the next page. Rows are known by their key and
 * read in the page's language.
 */
export function PagesTable<T extends { key: string }>({
  pages,
  more,
  moreTestId,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'error' | 'onRetry' | 'lang'> & {
  pages: MorePages<T>;
  more: ReactNode;
  moreTestId?: string;
}) {
  const { lang } = useShell();
  return (
    <>
      <DataTable
        getRowId={(row) => row.key}
        lang={lang}
        {...table}
        rows={pages.ready ? pages.items : undefined}
        error={pages.failed && pages.items.length === 0}
        onRetry={() => void pages.mutate()}
      />
      {pages.hasMore && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={pages.loadMore}
          disabled={pages.loadingMore}
          aria-busy={pages.loadingMore || undefined}
          data-testid={moreTestId}
        >
          {more}
        </Button>
      )}
    </>
  );
}
