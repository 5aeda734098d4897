// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Translations are plain keys here; the words themselves are checked by the e2e journeys.
vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
const session = vi.hoisted(() => ({ current: { data: null as unknown, status: 'loading' as string } }));
vi.mock('next-auth/react', () => ({ useSession: () => session.current }));
const replace = vi.hoisted(() => vi.fn());
vi.mock('next/router', () => ({ useRouter: () => ({ asPath: '/jp', replace }) }));
vi.mock('@/lib/client/sign-in-guard', () => ({ signInOnce: vi.fn(), lastSignInAttempt: () => null }));

const { SessionGate } = await import('@/components/kit/shell/SessionGate');

const signedIn = {
  data: { user: { access: ['ipl:designer'] }, ready: true, valid: true, accessToken: 't' },
  status: 'authenticated',
};

function Gate() {
  return (
    <SessionGate acl={null}>
      <p data-testid="screen">screen</p>
    </SessionGate>
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('SPEC §2 Layout / §4: the session gate', () => {
  it('shows the loading page with a spinner while the session is pending', () => {
    session.current = { data: null, status: 'loading' };
    render(<Gate />);
    expect(screen.getByTestId('loading-page').querySelector('.spinner-border')).toBeTruthy();
    expect(screen.queryByTestId('screen')).toBeNull();
  });

  it('renders the screen on the server when the page brought its session, with no loading page', () => {
    session.current = signedIn;
    const html = renderToString(<Gate />);
    expect(html).toContain('data-testid="screen"');
    expect(html).not.toContain('loading-page');
  });

  it('restores a stored address on the root path once in the browser (SPEC §4)', () => {
    session.current = signedIn;
    localStorage.setItem('redirectAfterSignIn', encodeURIComponent('/jp/designer/gallery'));
    render(<Gate />);
    expect(replace).toHaveBeenCalledWith('/jp/designer/gallery');
    expect(localStorage.getItem('redirectAfterSignIn')).toBeNull();
  });
});
