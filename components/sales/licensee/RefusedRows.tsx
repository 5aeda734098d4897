import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import type { RowErrors } from '../api';

interface Refusal {
  row: string;
  field: string;
  message: string;
}

/** The rows a report was refused for, each with the field named and the problem. */
export function RefusedRows({ errors, refused }: { errors: RowErrors; refused?: number }) {
  const { t } = useTranslation('sales');
  const { lang } = useShell();
  const lines: Refusal[] = Object.entries(errors).flatMap(([row, fields]) =>
    Object.entries(fields).map(([field, message]) => ({ row: row.replace(/^row /, ''), field, message })),
  );
  const listed = Object.keys(errors).length;
  const columns = [
    column<Refusal>('row', t('refused.row'), (line) => line.row, { hideable: false, testId: 'sales-refused-rownum' }),
    column<Refusal>('field', t('refused.field'), (line) => t(`field.${line.field}`, { defaultValue: line.field }), {
      hideable: false,
      testId: 'sales-refused-field',
    }),
    column<Refusal>('message', t('refused.message'), (line) => line.message, { hideable: false }),
  ];
  return (
    <Alert variant="danger" data-testid="sales-refused">
      <Alert.Heading className="h6">{t('refused.title')}</Alert.Heading>
      <p className="small mb-2">{t('refused.intro')}</p>
      <DataTable
        columns={columns}
        rows={lines}
        lang={lang}
        caption={t('refused.title')}
        testId="sales-refused-rows"
        getRowId={(line) => `${line.row}-${line.field}`}
        rowProps={() => ({ 'data-testid': 'sales-refused-row' })}
        empty={{ message: t('refused.intro') }}
      />
      {refused !== undefined && refused > listed && (
        <p className="small mt-2 mb-0">{t('refused.more', { count: refused - listed })}</p>
      )}
    </Alert>
  );
}
