import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';

/**
 * The table body when there are no rows to show: skeleton rows as tall as real ones while loading
 * (so nothing moves when the rows arrive), the failure with a retry, or the empty state saying
 * what to do next.
 */
export function BodyState({
  state,
  columns,
  rows,
  empty,
  onRetry,
  testId,
}: {
  state: 'loading' | 'error' | 'empty';
  columns: number;
  rows: number;
  empty: { message: ReactNode; action?: ReactNode };
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('kit');
  if (state === 'loading') {
    return (
      <>
        {Array.from({ length: rows }, (_, row) => (
          <tr
            key={row}
            className="kit-skeleton-row"
            aria-hidden="true"
            data-testid={row === 0 && testId ? `${testId}-loading` : undefined}
          >
            {Array.from({ length: columns }, (_, col) => (
              <td key={col}>
                <span className="placeholder-glow d-block">
                  <span className="placeholder col-8" />
                </span>
              </td>
            ))}
          </tr>
        ))}
        <tr className="visually-hidden">
          <td colSpan={columns} role="status">
            {t('table.loading')}
          </td>
        </tr>
      </>
    );
  }
  return (
    <tr className="kit-state-row">
      <td colSpan={columns} className="text-center py-4" data-testid={testId ? `${testId}-${state}` : undefined}>
        {state === 'error' ? (
          <div role="alert">
            <p className="mb-2">{t('table.failed')}</p>
            {onRetry && (
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRetry}>
                {t('table.retry')}
              </button>
            )}
          </div>
        ) : (
          <div>
            <p className="mb-2">{empty.message}</p>
            {empty.action}
          </div>
        )}
      </td>
    </tr>
  );
}
