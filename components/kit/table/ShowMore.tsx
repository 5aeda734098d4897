import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

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

/** The DataTable props of such a list: no rows until the first page answers, the failure with a retry. */
export function pagesTableProps<T>(pages: MorePages<T>) {
  return {
    rows: pages.ready ? pages.items : undefined,
    error: pages.failed && pages.items.length === 0,
    onRetry: () => void pages.mutate(),
  };
}

/** The next page of such a list, asked for under its table. */
export function ShowMore<T>({ pages, children, testId }: { pages: MorePages<T>; children: ReactNode; testId?: string }) {
  if (!pages.hasMore) return null;
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      onClick={pages.loadMore}
      disabled={pages.loadingMore}
      aria-busy={pages.loadingMore || undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
