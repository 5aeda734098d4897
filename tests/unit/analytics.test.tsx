// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsScript } from '@/components/layout/AnalyticsScript';
import { analyticsTag } from '@/lib/analytics';

const SRC = 'https://plausible.io/js/script.js';

afterEach(() => {
  cleanup();
  document.querySelectorAll('script').forEach((s) => s.remove());
});

describe('analytics tag', () => {
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
