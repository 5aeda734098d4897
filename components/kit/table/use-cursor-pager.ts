import { useCallback, useMemo, useState } from 'react';
import type { PagerProps } from './Pager';

export interface CursorPager {
  /** The cursor of the page shown (undefined: the first page). */
  cursor: string | undefined;
  page: number;
  hasPrevious: boolean;
  next(nextCursor: string): void;
  previous(): void;
  first(): void;
}

/**
 * Server pagination by cursor: the API answers a page and the cursor of the next one, so the
 * pager keeps the cursors it has walked to step back. A new `scope` (other filters) starts over.
 */
export function useCursorPager(scope: string): CursorPager {
  const [state, setState] = useState<{ scope: string; stack: (string | undefined)[] }>({ scope, stack: [undefined] });
  const stack = useMemo(() => (state.scope === scope ? state.stack : [undefined]), [state, scope]);
  const next = useCallback((nextCursor: string) => setState({ scope, stack: [...stack, nextCursor] }), [scope, stack]);
  const previous = useCallback(() => setState({ scope, stack: stack.length > 1 ? stack.slice(0, -1) : stack }), [scope, stack]);
  const first = useCallback(() => setState({ scope, stack: [undefined] }), [scope]);
  return { cursor: stack[stack.length - 1], page: stack.length, hasPrevious: stack.length > 1, next, previous, first };
}

/** The table's pager over a cursor pager and the cursor the last answer gave for the next page. */
export function cursorPagerProps(pager: CursorPager, nextCursor: string | null | undefined): PagerProps {
  return {
    page: pager.page,
    hasPrevious: pager.hasPrevious,
    hasNext: Boolean(nextCursor),
    onPrevious: pager.previous,
    onNext: () => {
      if (nextCursor) pager.next(nextCursor);
    },
  };
}
