import Link, { type LinkProps } from 'next/link';
import type { ReactNode } from 'react';

/** The class a row's <tr> needs (through rowProps) for its OpenRowButton to cover it. */
export const OPENABLE_ROW = 'position-relative';

/**
 * What opens a row's record (its detail panel): a real button in one cell, stretched over the
 * whole row, so a click anywhere on the row opens it and a keyboard reaches it by Tab, without
 * making the row itself a control that holds other controls.
 */
export function OpenRowButton({
  onOpen,
  children,
  title,
  testId,
}: {
  onOpen(): void;
  children: ReactNode;
  title?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-link p-0 text-start fw-semibold stretched-link"
      title={title}
      onClick={onOpen}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** A cell's own control (a copy button) kept pressable above the row's stretched button. */
export function AboveRow({ children }: { children: ReactNode }) {
  return <span className="position-relative z-2">{children}</span>;
}

/** A row's record opened on the same page (a query parameter shows its panel), as a small button. */
export function OpenLink({
  href,
  children,
  label,
  testId,
  dataKey,
}: {
  href: LinkProps['href'];
  children: ReactNode;
  /** The link's name when its text alone does not say which record it opens. */
  label?: string;
  testId?: string;
  dataKey?: string;
}) {
  return (
    // The record opens on the page already shown: there is no other page's code to fetch ahead,
    // and prefetching would resolve the route once for every row in view after the page loads.
    <Link
      href={href}
      shallow
      prefetch={false}
      className="btn btn-sm btn-outline-primary text-nowrap"
      aria-label={label}
      data-testid={testId}
      data-key={dataKey}
    >
      {children}
    </Link>
  );
}
