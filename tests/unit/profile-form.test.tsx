// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileView } from '@/components/users/ProfileView';
import { SettingsProvider } from '@/lib/client/settings-context';
import type { PublicSettings } from '@/lib/settings';

vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('next/router', () => ({ useRouter: () => ({ asPath: '/jp/profile', push: vi.fn() }) }));
vi.mock('@/components/users/MailPreferences', () => ({ MailPreferences: () => null }));
vi.mock('@/components/users/ProfileBadges', () => ({ ProfileBadges: () => null }));

const post = vi.fn();
// A person who signed up a moment ago: no picture, no wallet and no bio yet.
const fresh = {
  sub: 'sub-1',
  nickname: 'Lang Person',
  last_name: '',
  first_name: '',
  email: 'lang@example.com',
  picture: null,
  wallet: null,
  lang: 'jp',
  bio: '',
};
vi.mock('@/components/users/profile-api', () => ({
  useOwnProfile: () => ({ data: fresh, mutate: vi.fn().mockResolvedValue(undefined) }),
  useProfileCaller: () => ({ token: 't', sub: 'sub-1', core: { POST: post } }),
}));

afterEach(() => {
  cleanup();
  post.mockReset();
});

function renderProfile() {
  render(
    <SettingsProvider settings={{} as PublicSettings} lang="jp">
      <ProfileView title="profile" />
    </SettingsProvider>,
  );
}

describe('the profile form', () => {
  it('saves for a person with no picture, wallet or bio (the empty bio is not sent and not refused)', async () => {
    post.mockResolvedValue({ status: 0, data: {} });
    renderProfile();
    fireEvent.change(screen.getByTestId('profile-nickname'), { target: { value: 'Lang' } });
    fireEvent.click(screen.getByTestId('profile-submit'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/api/core/users/profile/update');
    expect(post.mock.calls[0]![1].body).toMatchObject({ nickname: 'Lang', picture: null, wallet: null });
    expect(post.mock.calls.some((call) => call[0] === '/api/core/users/setbio')).toBe(false);
    expect(await screen.findByTestId('profile-saved')).toBeTruthy();
    expect(screen.queryByText('errors.bio')).toBeNull();
  });

  it('refuses a wallet that is not an EVM address and sends nothing', async () => {
    renderProfile();
    fireEvent.change(screen.getByTestId('profile-wallet'), { target: { value: '0x123' } });
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByText('errors.wallet')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
