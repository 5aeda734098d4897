import { Fragment, useState, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type CellContext,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useTranslation } from 'next-i18next/pages';
import type { Lang } from '@/lib/format/money';
import { BodyState } from './BodyState';
import { ColumnsMenu } from './ColumnsMenu';
import { Pager, type PagerProps } from './Pager';
import { ReferenceCell } from './ReferenceCell';
import { toCsv, downloadText } from './csv';
import { alignOf, formatCell } from './format-cell';

const NO_ROWS: never[] = [];

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  /** The rows shown; undefined while the first answer is awaited. */
  rows: T[] | undefined;
  lang: Lang;
  /** The table's name for assistive technology (a visually hidden caption). */
  caption: string;
  /** What to say, and offer, when there are no rows: what to do next. */
  empty: { message: ReactNode; action?: ReactNode };
  error?: unknown;
  onRetry?: () => void;
  getRowId?: (row: T, index: number) => string;
  /** Attributes of a row's <tr> (data-testid, data-key). */
  rowProps?: (row: T) => Record<string, string | undefined>;
  /** A panel under a row (its edit form, its details), or null for none. */
  renderExpanded?: (row: T) => ReactNode | null;
  testId?: string;
  /** Sorting done by the server; without it the rows shown are sorted in the browser. */
  serverSorting?: { state: SortingState; onChange: (state: SortingState) => void };
  initialSorting?: SortingState;
  pager?: PagerProps;
  /** File name of the CSV export of what is shown; no export without it. */
  csvName?: string;
  /** Rows the loading skeleton shows, like the page size, so nothing shifts when rows arrive. */
  skeletonRows?: number;
  toolbar?: ReactNode;
  size?: 'sm';
}

/**
 * A custom cell's content. The kit's columns (column(), actionsColumn()) draw cells with plain
 * functions that return elements and call no hooks, rebuilt with the columns on every render.
 * flexRender would mount each such function as a component, and a new function is a new
 * component type: every cell of the table would be thrown away and built again on each render.
 * Called as the functions they are, React compares what they return and keeps the cells.
 */
function drawCell<T>(cell: ColumnDef<T, unknown>['cell'], context: CellContext<T, unknown>): ReactNode {
  return typeof cell === 'function' ? cell(context) : flexRender(cell, context);
}

/**
 * The table kit: TanStack Table (headless) drawn with react-bootstrap. Sorting, column
 * visibility, cursor pagination, CSV export of what is shown, and three states besides rows
 * (loading skeleton, error, empty). Below 768 px each row reads as a card (labels from the
 * headers), so a phone never scrolls sideways.
 */
export function DataTable<T>({
  columns,
  rows,
  lang,
  caption,
  empty,
  error,
  onRetry,
  getRowId,
  rowProps,
  renderExpanded,
  testId,
  serverSorting,
  initialSorting = [],
  pager,
  csvName,
  skeletonRows = 5,
  toolbar,
  size = 'sm',
}: DataTableProps<T>) {
  const { t } = useTranslation('kit');
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSorting);
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const sorting = serverSorting?.state ?? localSorting;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack rebuilds its table object each render by design
  const table = useReactTable({
    // A stable empty list while loading: a new array each render makes TanStack recompute its row
    // models and reset its state each render, which never ends.
    data: rows ?? NO_ROWS,
    // Pages come from the server (cursor): no client page index to reset when the rows change.
    autoResetAll: false,
    columns,
    getRowId,
    state: { sorting, columnVisibility: visibility },
    manualSorting: Boolean(serverSorting),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (serverSorting) serverSorting.onChange(next);
      else setLocalSorting(next);
    },
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const visible = table.getVisibleLeafColumns();
  const shown = table.getRowModel().rows;

  const exportCsv = () => {
    const exported = visible.filter((c) => !c.columnDef.meta?.noExport);
    const header = exported.map((c) => c.columnDef.meta?.label ?? c.id);
    const body = shown.map((row) =>
      exported.map((c) => {
        const meta = c.columnDef.meta;
        const currency = meta?.currency?.(row.original);
        return formatCell(meta?.kind ?? 'text', row.getValue(c.id), {
          lang,
          currency: typeof currency === 'string' ? currency : undefined,
        });
      }),
    );
    downloadText(csvName!, toCsv(header, body));
  };

  const state = error ? 'error' : rows === undefined ? 'loading' : shown.length === 0 ? 'empty' : 'rows';
  return (
    <div className="kit-table-wrap" data-testid={testId}>
      {(toolbar || csvName || table.getAllLeafColumns().some((c) => c.getCanHide())) && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          {toolbar}
          <div className="ms-auto d-flex gap-2">
            <ColumnsMenu table={table} />
            {csvName && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={exportCsv}
                disabled={state !== 'rows'}
                data-testid={testId ? `${testId}-csv` : 'table-csv'}
              >
                {t('table.exportCsv')}
              </button>
            )}
          </div>
        </div>
      )}
      <Table hover size={size} className="kit-table align-middle" aria-busy={state === 'loading' || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={alignOf(meta?.kind ?? 'text') === 'end' ? 'text-end' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="kit-sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true" className="kit-sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {state === 'rows' ? (
            shown.map((row) => {
              const expanded = renderExpanded?.(row.original);
              return (
                <Fragment key={row.id}>
                  <tr {...rowProps?.(row.original)}>
                    {row.getVisibleCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const kind = meta?.kind ?? 'text';
                      const currency = meta?.currency?.(row.original);
                      const value = cell.getValue();
                      return (
                        <td
                          key={cell.id}
                          data-label={meta?.label}
                          className={alignOf(kind) === 'end' ? 'text-md-end' : undefined}
                          data-testid={meta?.testId}
                        >
                          {meta?.custom ? (
                            drawCell(cell.column.columnDef.cell, cell.getContext())
                          ) : kind === 'reference' ? (
                            <ReferenceCell value={typeof value === 'string' ? value : ''} testId="reference" />
                          ) : (
                            formatCell(kind, value, { lang, currency: typeof currency === 'string' ? currency : undefined })
                          )}
                        </td>
                      );
                    })}
                  </tr>
                  {expanded && (
                    <tr className="kit-expanded-row">
                      <td colSpan={visible.length}>{expanded}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })
          ) : (
            <BodyState
              state={state}
              columns={visible.length}
              rows={skeletonRows}
              empty={empty}
              onRetry={onRetry}
              testId={testId}
            />
          )}
        </tbody>
      </Table>
      {pager && <Pager {...pager} />}
    </div>
  );
}
