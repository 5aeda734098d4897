// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsScript } from '@/components/kit/shell/AnalyticsScript';
import { analyticsTag } from '@/lib/analytics';
import { reportPageView } from '@/lib/client/page-view';

const SRC = 'https://plausible.io/js/script.js';

afterEach(() => {
  cleanup();
  document.querySelectorAll('script').forEach((s) => s.remove());
});

describe('SPEC §9 a web analytics tag: the external one when configured', () => {
  it('is described only when ANALYTICS_ID is set', () => {
    expect(analyticsTag({ analyticsId: null, analyticsSrc: SRC })).toBeNull();
    expect(analyticsTag(undefined)).toBeNull();
    expect(analyticsTag({ analyticsId: 'ipl.example.com', analyticsSrc: SRC })).toEqual({
      src: SRC,
      'data-domain': 'ipl.example.com',
    });
  });

  it('loads the script with the id when set', async () => {
    render(<AnalyticsScript settings={{ analyticsId: 'ipl.example.com', analyticsSrc: SRC } as never} />);
    await waitFor(() => expect(document.querySelector(`script[src="${SRC}"]`)).not.toBeNull());
    expect(document.querySelector(`script[src="${SRC}"]`)?.getAttribute('data-domain')).toBe('ipl.example.com');
  });

  it('renders nothing without an id', async () => {
    const { container } = render(<AnalyticsScript settings={{ analyticsId: null, analyticsSrc: SRC } as never} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('script[src]')).toBeNull();
  });
});

describe('SPEC §9 analytics on every page: the first-party count by default', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the screen pattern and the language only, with no cookie', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    reportPageView('/holder/ip', 'jp');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/view');
    expect(init.credentials).toBe('omit');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ page: '/holder/ip', lang: 'jp' });
  });

  it('a failure is silent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => reportPageView('/help', 'en')).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
