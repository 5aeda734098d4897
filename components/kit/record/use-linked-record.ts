import { useState } from 'react';
import { useRouter } from 'next/router';

/**
 * The record open in a list's dialog: the one clicked, or the one a link from a notification or a
 * mail names by reference (`?open=LIC-2026-0042`). Closing a linked one drops `open` from the URL.
 */
export function useLinkedRecord<T extends { key?: unknown; reference?: unknown }>(items: readonly T[]) {
  const router = useRouter();
  const [open, setOpen] = useState<string | null>(null);
  const wanted = typeof router.query.open === 'string' ? router.query.open : null;
  const linked = wanted ? items.find((item) => item.reference === wanted) : undefined;
  const current = items.find((item) => item.key === (open ?? linked?.key)) ?? null;
  const close = () => {
    setOpen(null);
    if (!wanted) return;
    const query = Object.fromEntries(Object.entries(router.query).filter(([name]) => name !== 'open'));
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  };
  return { current, open: setOpen, close };
}
