// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import useSWR, { SWRConfig, unstable_serialize, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstReadsFresh } from '@/lib/client/first-reads-fresh';

const key = ['query', 'IP', '{"limit":20}', 'token'];

function List({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSWR(key, fetcher);
  const { mutate } = useSWRConfig();
  // What a page does after a change: revalidate every IP read it holds.
  const refresh = () => void mutate((k) => Array.isArray(k) && k[1] === 'IP');
  return (
    <>
      <p data-testid="data">{data ?? 'none'}</p>
      <button type="button" onClick={refresh}>
        refresh
      </button>
    </>
  );
}

function page(fetcher: () => Promise<string>, cache?: Map<string, unknown>) {
  return render(
    <SWRConfig
      value={{
        fallback: { [unstable_serialize(key)]: 'from the server' },
        use: [firstReadsFresh],
        ...(cache ? { provider: () => cache as never } : { provider: () => new Map() }),
      }}
    >
      <List fetcher={fetcher} />
    </SWRConfig>,
  );
}

afterEach(cleanup);

describe('first reads the server made', () => {
  it('are shown without the browser fetching them again on load', async () => {
    const fetcher = vi.fn(async () => 'from the browser');
    await act(async () => {
      page(fetcher);
    });
    expect(screen.getByTestId('data').textContent).toBe('from the server');
    // Past the frame in which a revalidation would have started.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('are fetched again when a change on the page revalidates the reads it holds', async () => {
    const fetcher = vi.fn(async () => 'from the browser');
    await act(async () => {
      page(fetcher);
    });
    await act(async () => {
      screen.getByRole('button', { name: 'refresh' }).click();
    });
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('from the browser'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('are fetched again when the browser shows what an earlier visit cached', async () => {
    const fetcher = vi.fn(async () => 'from the browser');
    const cache = new Map<string, unknown>([[unstable_serialize(key), { data: 'from an earlier visit' }]]);
    await act(async () => {
      page(fetcher, cache);
    });
    // SWR revalidates data it already shows in the next animation frame.
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('from the browser'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
