// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchFilterBar } from '@/components/kit/form/SearchFilterBar';

vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

afterEach(cleanup);

interface Values {
  search: string;
  tag: string;
}

/** A list that owns its filters, as the IP list does, and can clear them from outside the bar. */
function List({ seen }: { seen: Values[] }) {
  const [values, setValues] = useState<Values>({ search: '', tag: '' });
  return (
    <>
      <SearchFilterBar
        values={values}
        onChange={(next) => {
          seen.push(next);
          setValues(next);
        }}
        search={{ name: 'search', label: 'Search', placeholder: 'Name or number', testId: 'search' }}
        choices={[
          {
            name: 'tag',
            label: 'Tag',
            all: 'All tags',
            options: [
              { value: 't1', label: 'Winter' },
              { value: 't2', label: 'Spring' },
            ],
            testId: 'tag',
          },
        ]}
        testId="filters"
      />
      <output data-testid="applied">{JSON.stringify(values)}</output>
      <button type="button" onClick={() => setValues({ search: '', tag: '' })}>
        Clear
      </button>
    </>
  );
}

describe('SearchFilterBar', () => {
  it('labels each filter, reports what the person changes, and follows a clear from outside', async () => {
    const seen: Values[] = [];
    render(<List seen={seen} />);
    expect(screen.getByRole('search')).toBeTruthy();
    const search = screen.getByLabelText('Search');
    const tag = screen.getByLabelText('Tag');
    expect(search.getAttribute('type')).toBe('search');
    expect(screen.getByRole('option', { name: 'All tags' })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'mascot' } });
    fireEvent.change(tag, { target: { value: 't2' } });
    await waitFor(() => expect(screen.getByTestId('applied').textContent).toBe('{"search":"mascot","tag":"t2"}'));

    const reported = seen.length;
    fireEvent.click(screen.getByText('Clear'));
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Tag') as HTMLSelectElement).value).toBe('');
    // The clear came from the list: nothing is echoed back to it.
    expect(seen.length).toBe(reported);
  });

  it('does not submit anywhere when Enter is pressed in the search box', () => {
    render(<List seen={[]} />);
    const form = screen.getByTestId('filters') as HTMLFormElement;
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    form.addEventListener('submit', submitted);
    fireEvent.submit(form);
    expect(submitted).toHaveBeenCalled();
    expect(screen.getByTestId('applied').textContent).toBe('{"search":"","tag":""}');
  });
});
