// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider, useDialogs, type Dialogs } from '@/components/kit/dialogs/DialogProvider';

// Translations are plain keys here; the words themselves are checked by the e2e journeys.
vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

function renderWithDialogs(): { dialogs: () => Dialogs } {
  let captured: Dialogs | null = null;
  function Capture() {
    captured = useDialogs();
    return null;
  }
  render(
    <DialogProvider>
      <Capture />
    </DialogProvider>,
  );
  return { dialogs: () => captured! };
}

afterEach(cleanup);

describe('SPEC §2 Layout: shared dialogs (info, confirm, form, waiting, alert/confirm)', () => {
  it('confirm offers Ok and Close and resolves with the choice', async () => {
    const { dialogs } = renderWithDialogs();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs().confirm('Delete?', 'This cannot be undone.');
    });
    expect(await screen.findByText('This cannot be undone.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'dialog.ok' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'dialog.ok' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = dialogs().confirm('Again?', 'Second time.');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'dialog.close' }));
    await expect(answer).resolves.toBe(false);
  });

  it('form offers Ok and Cancel; info offers Close; alert offers Ok and, as a confirm, Cancel', async () => {
    const { dialogs } = renderWithDialogs();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = dialogs().form('Edit', <input aria-label="name" />);
    });
    expect(await screen.findByLabelText('name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'dialog.cancel' }));
    await expect(answer).resolves.toBe(false);

    let info: Promise<void> = Promise.resolve();
    act(() => {
      info = dialogs().info('Note', 'Saved.');
    });
    await screen.findByText('Saved.');
    expect(screen.queryByRole('button', { name: 'dialog.ok' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'dialog.close' }));
    await expect(info).resolves.toBeUndefined();

    act(() => {
      answer = dialogs().alert('Careful', 'Really?', { cancellable: true });
    });
    await screen.findByText('Really?');
    fireEvent.click(screen.getByRole('button', { name: 'dialog.ok' }));
    await expect(answer).resolves.toBe(true);
  });

  it('shows and hides the waiting spinner', async () => {
    const { dialogs } = renderWithDialogs();
    act(() => dialogs().waiting(true));
    expect(await screen.findByText('dialog.waiting')).toBeTruthy();
    act(() => dialogs().waiting(false));
    await waitFor(() => expect(screen.queryByText('dialog.waiting')).toBeNull());
  });
});
