// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '@/components/kit/table/DataTable';
import { actionsColumn, column } from '@/components/kit/table/columns';

vi.mock('next-i18next/pages', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key) }),
}));

interface License {
  ref: string;
  ip: string;
  amount: number;
  currency: string;
}

const rows: License[] = [
  { ref: 'LIC-2026-0042', ip: 'Potato Kun', amount: 120050, currency: 'USD' },
  { ref: 'LIC-2026-0007', ip: 'Apple Chan', amount: 5000, currency: 'JPY' },
];

const columns = [
  column<License>('ref', 'Reference', (r) => r.ref, { kind: 'reference', hideable: false }),
  column<License>('ip', 'IP', (r) => r.ip, { sortable: true }),
  column<License>('amount', 'Amount', (r) => r.amount, { kind: 'amount', currency: (r) => r.currency, testId: 'amount' }),
  actionsColumn<License>('Actions', (r) => <button type="button">Open {r.ref}</button>),
];

function table(props: Partial<Parameters<typeof DataTable<License>>[0]> = {}) {
  return render(
    <DataTable<License>
      columns={columns}
      rows={rows}
      lang="en"
      caption="Licenses"
      empty={{ message: 'No license yet.', action: <button type="button">Apply for one</button> }}
      csvName="licenses.csv"
      testId="t"
      {...props}
    />,
  );
}

// The resolver loads the entity schemas on first use: give a busy machine time for that.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

describe('table kit', () => {
  it('names the table, formats amounts per currency and references as copyable code, labels cells for phones', () => {
    table();
    const grid = screen.getByRole('table', { name: 'Licenses' });
    const cells = within(grid)
      .getAllByTestId('amount')
      .map((c) => c.textContent);
    expect(cells).toEqual(['$1,200.50', '¥5,000']);
    const ref = within(grid).getByText('LIC-2026-0042');
    expect(ref.tagName).toBe('CODE');
    expect(within(grid).getAllByRole('button', { name: /table\.copyNamed/ })).toHaveLength(2);
    expect(within(grid).getAllByTestId('amount')[0]!.getAttribute('data-label')).toBe('Amount');
  });

  it('sorts by a sortable column and says so with aria-sort', () => {
    table();
    const header = screen.getByRole('columnheader', { name: /IP/ });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(names).toEqual(['Apple Chan', 'Potato Kun']);
  });

  it('hides a column from the Columns menu, and never the first one', () => {
    table();
    expect(screen.queryByLabelText('Reference')).toBeNull();
    fireEvent.click(screen.getByLabelText('Amount'));
    expect(screen.queryAllByTestId('amount')).toHaveLength(0);
  });

  it('shows skeleton rows while loading, the failure with a retry, and an empty state that says what to do', () => {
    const retry = vi.fn();
    const { rerender } = table({ rows: undefined, skeletonRows: 4 });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('.kit-skeleton-row')).toHaveLength(4);
    rerender(
      <DataTable<License>
        columns={columns}
        rows={[]}
        error
        lang="en"
        caption="Licenses"
        empty={{ message: 'x' }}
        onRetry={retry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('table.failed');
    fireEvent.click(screen.getByRole('button', { name: 'table.retry' }));
    expect(retry).toHaveBeenCalled();
    rerender(
      <DataTable<License>
        columns={columns}
        rows={[]}
        lang="en"
        caption="Licenses"
        empty={{ message: 'No license yet.', action: <button type="button">Apply for one</button> }}
      />,
    );
    expect(screen.getByText('No license yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply for one' })).toBeTruthy();
  });

  it('exports what is shown as CSV, formatted as on screen, without the actions', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    table();
    fireEvent.click(screen.getByTestId('t-csv'));
    expect(click).toHaveBeenCalled();
    const text = await created[0]!.text();
    expect(text.replace('\uFEFF', '')).toBe(
      'Reference,IP,Amount\r\nLIC-2026-0042,Potato Kun,"$1,200.50"\r\nLIC-2026-0007,Apple Chan,"¥5,000"\r\n',
    );
  });

  it('goes back to loading when the filters change, then shows the new rows', () => {
    const { rerender } = table();
    for (let i = 0; i < 3; i += 1) {
      rerender(<DataTable<License> columns={columns} rows={undefined} lang="en" caption="Licenses" empty={{ message: 'x' }} />);
      expect(document.querySelectorAll('.kit-skeleton-row').length).toBeGreaterThan(0);
      rerender(<DataTable<License> columns={columns} rows={[...rows]} lang="en" caption="Licenses" empty={{ message: 'x' }} />);
    }
    expect(screen.getByText('Potato Kun')).toBeTruthy();
  });

  it('pages by cursor: previous and next', () => {
    const next = vi.fn();
    table({ pager: { page: 1, hasPrevious: false, hasNext: true, onPrevious: () => {}, onNext: next } });
    expect(screen.getByTestId('pager-previous')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('pager-next'));
    expect(next).toHaveBeenCalled();
  });
});

describe('cells across renders', () => {
  it('keeps a custom cell and what it holds when the page renders the table again with new columns', () => {
    const rebuilt = () => [
      column<License>('ref', 'Reference', (r) => r.ref, { kind: 'reference', hideable: false }),
      // A cell holding state of its own: a field the person has started typing in.
      column<License>('note', 'Note', () => '', { render: (r) => <input aria-label={`note ${r.ref}`} /> }),
    ];
    const view = render(
      <DataTable<License> columns={rebuilt()} rows={rows} lang="en" caption="Licenses" empty={{ message: 'None.' }} testId="t" />,
    );
    const note = screen.getByLabelText('note LIC-2026-0042') as HTMLInputElement;
    fireEvent.change(note, { target: { value: 'call Monday' } });
    // The page renders again (new data of another hook, a flash): its columns are built anew.
    view.rerender(
      <DataTable<License>
        columns={rebuilt()}
        rows={[...rows]}
        lang="en"
        caption="Licenses"
        empty={{ message: 'None.' }}
        testId="t"
      />,
    );
    const after = screen.getByLabelText('note LIC-2026-0042') as HTMLInputElement;
    expect(after).toBe(note);
    expect(after.value).toBe('call Monday');
  });
});
