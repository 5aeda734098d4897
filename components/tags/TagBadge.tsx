import type { ReactNode } from 'react';

/** Black or white text, whichever reads better on the tag's colour (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#fff';
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#212529' : '#fff';
}

interface TagBadgeProps {
  color: string;
  label: string;
  /** An optional control after the label (a remove button). */
  children?: ReactNode;
  testId?: string;
}

/** A tag as a pill in its own colour. */
export function TagBadge({ color, label, children, testId }: TagBadgeProps) {
  return (
    <span
      className="badge rounded-pill d-inline-flex align-items-center gap-1 fw-normal"
      style={{ backgroundColor: color, color: textColorOn(color) }}
      data-testid={testId}
    >
      {label}
      {children}
    </span>
  );
}
