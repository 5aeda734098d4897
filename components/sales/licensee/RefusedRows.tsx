import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import type { RowErrors } from '../api';

/** The rows a report was refused for, each with the field named and the problem. */
export function RefusedRows({ errors, refused }: { errors: RowErrors; refused?: number }) {
  const { t } = useTranslation('sales');
  const lines = Object.entries(errors).flatMap(([row, fields]) =>
    Object.entries(fields).map(([field, message]) => ({ row, field, message })),
  );
  const listed = Object.keys(errors).length;
  return (
    <Alert variant="danger" data-testid="sales-refused">
      <Alert.Heading className="h6">{t('refused.title')}</Alert.Heading>
      <p className="small mb-2">{t('refused.intro')}</p>
      <Table size="sm" className="mb-0 small bg-white" data-testid="sales-refused-rows">
        <thead>
          <tr>
            <th>{t('refused.row')}</th>
            <th>{t('refused.field')}</th>
            <th>{t('refused.message')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.row}-${line.field}`} data-testid="sales-refused-row">
              <td className="text-nowrap" data-testid="sales-refused-rownum">
                {line.row.replace(/^row /, '')}
              </td>
              <td data-testid="sales-refused-field">{t(`field.${line.field}`, { defaultValue: line.field })}</td>
              <td>{line.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {refused !== undefined && refused > listed && (
        <p className="small mt-2 mb-0">{t('refused.more', { count: refused - listed })}</p>
      )}
    </Alert>
  );
}
