// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDropdown } from '@/lib/client/use-dropdown';

function Menu() {
  const menu = useDropdown();
  return (
    <div>
      <div {...menu.rootProps}>
        <button {...menu.toggleProps} className="dropdown-toggle">
          Account
        </button>
        {menu.open && (
          <div {...menu.menuProps} className="dropdown-menu dropdown-menu-end show">
            <span className="dropdown-item-text">someone@example.com</span>
            <a href="#profile" className="dropdown-item" onClick={menu.choose}>
              Profile
            </a>
            <button type="button" className="dropdown-item" onClick={menu.choose}>
              Sign out
            </button>
          </div>
        )}
      </div>
      <p>Elsewhere</p>
    </div>
  );
}

const toggle = () => screen.getByRole('button', { name: 'Account' });
const menuShown = () => screen.queryByText('someone@example.com') !== null;

afterEach(cleanup);

describe('the top bar dropdown (user menu)', () => {
  it('opens on click with aria-expanded, placed by Bootstrap CSS without Popper', () => {
    render(<Menu />);
    expect(menuShown()).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(menuShown()).toBe(true);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const menu = document.querySelector('.dropdown-menu')!;
    expect(menu.getAttribute('data-bs-popper')).toBe('static');
    expect(menu.getAttribute('aria-labelledby')).toBe(toggle().id);
    fireEvent.click(toggle());
    expect(menuShown()).toBe(false);
  });

  it('closes on a click outside, but not on a click inside the menu text', () => {
    render(<Menu />);
    fireEvent.click(toggle());
    fireEvent.click(screen.getByText('someone@example.com'));
    expect(menuShown()).toBe(true);
    fireEvent.click(screen.getByText('Elsewhere'));
    expect(menuShown()).toBe(false);
  });

  it('choosing an item closes it', () => {
    render(<Menu />);
    fireEvent.click(toggle());
    fireEvent.click(screen.getByText('Sign out'));
    expect(menuShown()).toBe(false);
  });

  it('ArrowDown opens, then moves between items (skipping text); ArrowUp moves back; Escape closes and refocuses the toggle', () => {
    render(<Menu />);
    toggle().focus();
    fireEvent.keyDown(toggle(), { key: 'ArrowDown' });
    expect(menuShown()).toBe(true);
    fireEvent.keyDown(toggle(), { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Profile');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Profile');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menuShown()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('tabbing out of the menu closes it', () => {
    render(<Menu />);
    fireEvent.click(toggle());
    const profile = screen.getByText('Profile');
    profile.focus();
    fireEvent.keyDown(profile, { key: 'Tab' });
    act(() => {
      fireEvent.keyUp(screen.getByText('Elsewhere'), { key: 'Tab' });
    });
    expect(menuShown()).toBe(false);
  });
});
