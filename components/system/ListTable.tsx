import { DataTable, type DataTableProps } from '@/components/kit/table/DataTable';
import { useShell } from '@/lib/client/settings-context';

/** A list read with SWR: its data (null when the call failed), its error, and how to read it again. */
export interface LoadedList<T> {
  data?: T[] | null;
  error?: unknown;
  mutate: () => unknown;
}

/**
 * DataTable over a list an administration page reads whole (no pages): loading, failure with
 * retry, and rows keyed by their `key` unless told otherwise.
 */
export function ListTable<T extends object>({
  list,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'error' | 'onRetry' | 'lang'> & { list: LoadedList<T> }) {
  const { lang } = useShell();
  return (
    <DataTable
      // Most records are keyed by `key`; a list of other rows passes its own getRowId.
      getRowId={(row) => String((row as { key?: unknown }).key)}
      {...table}
      rows={list.data ?? undefined}
      error={list.data === null || Boolean(list.error)}
      onRetry={() => void list.mutate()}
      lang={lang}
    />
  );
}
