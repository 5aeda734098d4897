import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'next-i18next/pages';

/** Which columns are shown: a disclosure with one check box per column that may be hidden. */
export function ColumnsMenu<T>({ table }: { table: Table<T> }) {
  const { t } = useTranslation('kit');
  const hideable = table.getAllLeafColumns().filter((c, index) => index > 0 && c.getCanHide());
  if (hideable.length === 0) return null;
  return (
    <details className="kit-columns">
      <summary className="btn btn-outline-secondary btn-sm">{t('table.columns')}</summary>
      <div className="kit-columns-menu border rounded bg-white p-2 shadow-sm">
        {hideable.map((c) => (
          <div className="form-check" key={c.id}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`kit-col-${c.id}`}
              checked={c.getIsVisible()}
              onChange={c.getToggleVisibilityHandler()}
            />
            <label className="form-check-label" htmlFor={`kit-col-${c.id}`}>
              {c.columnDef.meta?.label ?? c.id}
            </label>
          </div>
        ))}
      </div>
    </details>
  );
}
