// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function freshModule() {
  vi.resetModules();
  return import('@/lib/client/after-load');
}

describe('useAfterLoad: the shell starts its own reads after the page has loaded', () => {
  it('is false on the server and in the first render, true once the browser is idle after load', async () => {
    const { useAfterLoad } = await freshModule();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    function Flag() {
      return <p data-testid="flag">{String(useAfterLoad())}</p>;
    }
    expect(renderToString(<Flag />)).toContain('false');
    render(<Flag />);
    expect(screen.getByTestId('flag').textContent).toBe('false');
    // jsdom's document has loaded: the wait is for the idle moment only.
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(screen.getByTestId('flag').textContent).toBe('true');
  });

  it('is true at once for what mounts later in the visit (a page reached by a link)', async () => {
    const { useAfterLoad } = await freshModule();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    function Flag({ id }: { id: string }) {
      return <p data-testid={id}>{String(useAfterLoad())}</p>;
    }
    const first = render(<Flag id="first" />);
    act(() => idle[0]!());
    first.unmount();
    render(<Flag id="later" />);
    expect(screen.getByTestId('later').textContent).toBe('true');
    expect(idle).toHaveLength(1);
  });
});
