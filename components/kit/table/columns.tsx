import type { ReactNode } from 'react';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { CellKind } from './format-cell';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the names must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    kind?: CellKind;
    /** The currency of an amount column: read from the row. */
    currency?: (row: TData) => unknown;
    /** The header as plain text: the phone layout's label and the CSV header. */
    label: string;
    /** Left out of the CSV export (row actions). */
    noExport?: boolean;
    /** data-testid of each cell of this column. */
    testId?: string;
    /** The column draws its own cells (a link, a badge, the row actions). */
    custom?: boolean;
  }
}

export interface ColumnOptions<T> {
  kind?: CellKind;
  currency?: (row: T) => unknown;
  sortable?: boolean;
  /** The column may be hidden from the Columns menu (the first column never is). */
  hideable?: boolean;
  /** Drawn instead of the formatted value (a link, a badge); the CSV still takes the value. */
  render?: (row: T) => ReactNode;
  testId?: string;
}

/** A data column: the header, how to read the value from a row, and how it reads to people. */
export function column<T>(
  id: string,
  header: string,
  value: (row: T) => unknown,
  options: ColumnOptions<T> = {},
): ColumnDef<T, unknown> {
  const render = options.render;
  return {
    id,
    header,
    accessorFn: value,
    enableSorting: options.sortable ?? false,
    enableHiding: options.hideable ?? true,
    meta: {
      kind: options.kind ?? 'text',
      currency: options.currency,
      label: header,
      testId: options.testId,
      custom: Boolean(render),
    },
    ...(render ? { cell: (context) => render(context.row.original) } : {}),
  };
}

/** What may be done with a row (open, edit, revoke): never exported, never hidden. */
export function actionsColumn<T>(header: string, render: (row: T) => ReactNode): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header,
    enableSorting: false,
    enableHiding: false,
    cell: (context) => render(context.row.original),
    meta: { label: header, noExport: true, custom: true },
  };
}
