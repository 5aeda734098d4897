// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateServiceAccount } from '@/components/system/service-accounts/CreateServiceAccount';
import { SettingsProvider } from '@/lib/client/settings-context';
import type { PublicSettings } from '@/lib/settings';

vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
// The entry builder reads the platform's roles and organisations; here one button adds one entry.
vi.mock('@/components/system/acl/GrantForm', () => ({
  GrantForm: ({ onGrant }: { onGrant: (entry: string) => Promise<unknown> }) => (
    <button type="button" data-testid="grant" onClick={() => void onGrant('calbee:product')}>
      grant
    </button>
  ),
}));
vi.mock('@/components/system/acl/use-entry-words', () => ({ useEntryWords: () => (entry: string) => entry }));

afterEach(cleanup);

function renderForm(externalIdentityProvider: boolean) {
  const onCreate = vi.fn().mockResolvedValue({ status: 0, data: {} });
  render(
    <SettingsProvider settings={{ externalIdentityProvider } as PublicSettings} lang="en">
      <CreateServiceAccount onCreate={onCreate} />
    </SettingsProvider>,
  );
  return onCreate;
}

describe('creating a service account', () => {
  it('with an external identity provider asks for the client id registered there and sends it', async () => {
    const onCreate = renderForm(true);
    fireEvent.click(screen.getByTestId('grant'));
    fireEvent.change(screen.getByTestId('svc-name'), { target: { value: 'BI warehouse' } });
    const clientId = screen.getByTestId('svc-external-client-id');
    expect(screen.getByLabelText(/create\.externalClientId/)).toBe(clientId);
    fireEvent.change(clientId, { target: { value: 'bi-warehouse' } });
    fireEvent.click(screen.getByTestId('svc-create-submit'));
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(onCreate.mock.calls[0]![0]).toEqual({
      name: 'BI warehouse',
      access: ['calbee:product'],
      externalClientId: 'bi-warehouse',
    });
  });

  it('with the embedded provider asks for no client id and sends none (the provider makes it)', async () => {
    const onCreate = renderForm(false);
    expect(screen.queryByTestId('svc-external-client-id')).toBeNull();
    fireEvent.click(screen.getByTestId('grant'));
    fireEvent.change(screen.getByTestId('svc-name'), { target: { value: 'ERP link' } });
    fireEvent.click(screen.getByTestId('svc-create-submit'));
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(onCreate.mock.calls[0]![0]).toEqual({ name: 'ERP link', access: ['calbee:product'] });
  });
});
