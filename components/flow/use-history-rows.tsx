import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { actionsColumn } from '@/components/kit/table/columns';
import { HistoryPanel } from './HistoryPanel';

/**
 * A list's "History" toggle: a row action that opens the record's reviews and workflow log in a
 * panel under its row (DataTable's renderExpanded), one row at a time.
 */
export function useHistoryRows<T>(entity: 'License' | 'Product', keyOf: (row: T) => string, testId?: string) {
  const { t } = useTranslation('designer');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const column = actionsColumn<T>(t('history.show'), (row) => {
    const key = keyOf(row);
    const open = openKey === key;
    return (
      <Button variant="link" size="sm" onClick={() => setOpenKey(open ? null : key)} aria-expanded={open} data-testid={testId}>
        {open ? t('history.hide') : t('history.show')}
      </Button>
    );
  });
  const renderExpanded = (row: T) =>
    openKey === keyOf(row) ? (
      <div className="bg-body-tertiary p-2">
        <HistoryPanel entity={entity} subjectKey={keyOf(row)} />
      </div>
    ) : null;
  return { column, renderExpanded };
}
