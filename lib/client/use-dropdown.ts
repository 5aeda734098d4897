import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ITEM = '.dropdown-item:not(.disabled):not(:disabled)';

/**
 * A Bootstrap dropdown without react-bootstrap's Dropdown, which brings Popper (about 10 kB
 * gzipped) to every page for one right-aligned menu that Bootstrap's CSS places just as well
 * (`data-bs-popper="static"`). Same behaviour: click or ArrowDown opens, ArrowUp/ArrowDown move
 * between items, Escape closes (focus back on the toggle), and so do a click outside, choosing an
 * item and tabbing out of the menu.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback((focusToggle: boolean) => {
    setOpen(false);
    if (focusToggle) toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, [open]);

  const move = (from: Element | null, offset: number) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>(`.dropdown-menu ${ITEM}`) ?? [])];
    const index = Math.max(0, Math.min(items.indexOf(from as HTMLElement) + offset, items.length - 1));
    items[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const inMenu = Boolean((event.target as Element).closest('.dropdown-menu'));
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(event.target as Element, 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) move(event.target as Element, -1);
        break;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        close(inMenu);
        break;
      case 'Tab':
        if (!open) return;
        // keydown comes from the element being left; where focus lands is known on keyup.
        document.addEventListener(
          'keyup',
          (up) => {
            if (!(up.target instanceof Node) || !root.current?.querySelector('.dropdown-menu')?.contains(up.target)) {
              setOpen(false);
            }
          },
          { once: true },
        );
        break;
    }
  };

  return {
    open,
    rootProps: { ref: root, onKeyDown, className: `dropdown${open ? ' show' : ''}` },
    toggleProps: {
      ref: toggle,
      id,
      type: 'button' as const,
      'aria-expanded': open,
      onClick: () => setOpen((o) => !o),
    },
    menuProps: { 'aria-labelledby': id, 'data-bs-popper': 'static' },
    /** For each item: choosing it closes the menu. */
    choose: () => setOpen(false),
  };
}
