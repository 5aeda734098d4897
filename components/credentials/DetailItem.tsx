import type { ReactNode } from 'react';

/** One term and its value in a details list (`<dl className="row">`), the term taking `split` of 12 columns. */
export function DetailItem({
  label,
  testId,
  split = 4,
  className,
  children,
}: {
  label: ReactNode;
  testId?: string;
  split?: 3 | 4;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className={`col-sm-${split}`}>{label}</dt>
      <dd className={[`col-sm-${12 - split}`, className].filter(Boolean).join(' ')} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
