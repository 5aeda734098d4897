import { useShell } from '@/lib/client/settings-context';
import { DataTable, type DataTableProps } from './DataTable';
import { OPENABLE_ROW } from './OpenRowButton';

export interface RecordTableProps<T> extends Omit<DataTableProps<T>, 'lang' | 'getRowId' | 'rowProps'> {
  /** The record's key: the row's id and its `data-key`. */
  keyOf(row: T): string;
  /** The test id of each row, the same for all or the row's own. */
  rowTestId: string | ((row: T) => string);
  /** More attributes of a row (`data-name`, `data-state`). */
  rowData?(row: T): Record<string, string | undefined>;
  /** The key of the record whose detail is open: its row is marked. */
  active?: string | null;
  /** Each row is opened by an OpenRowButton stretched over it. */
  openable?: boolean;
}

/**
 * A DataTable of records that have keys, in the page's language: each row carries its record's
 * key and test id, the open record's row is marked, and rows may open their record.
 */
export function RecordTable<T>({ keyOf, rowTestId, rowData, active, openable = false, ...table }: RecordTableProps<T>) {
  const { lang } = useShell();
  return (
    <DataTable
      {...table}
      lang={lang}
      getRowId={keyOf}
      rowProps={(row) => {
        const key = keyOf(row);
        const classes = [openable ? OPENABLE_ROW : '', active === key ? 'table-active' : ''].filter(Boolean).join(' ');
        return {
          'data-testid': typeof rowTestId === 'string' ? rowTestId : rowTestId(row),
          'data-key': key,
          ...(classes ? { className: classes } : {}),
          ...rowData?.(row),
        };
      }}
    />
  );
}

/** The rows of a query's answer, and whether it failed: undefined while it loads, null when it failed. */
export function answerRows<T>(answer: { items: T[] } | null | undefined): { rows: T[] | undefined; error: boolean } {
  return { rows: answer === undefined ? undefined : (answer?.items ?? []), error: answer === null };
}
