import { Fragment } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Table from 'react-bootstrap/Table';
import { formatMoney } from '@/components/kit/format/money';
import { useShell } from '@/lib/client/settings-context';
import type { InvoiceBreakdown } from './invoice-api';
import { Reference } from '@/components/refs/RecordSearch';
import { HeadRow } from '@/components/kit/table/HeadRow';

/** The columns of a line: the IP, then its figures. */
const HEAD = ['ip', 'rows', 'netSales', 'royalty', 'earnedBefore', 'recouped', 'advanceBilled', 'mgShortfall', 'due'] as const;

/** Per-license lines, subtotal, tax lines and total of an invoice (or of one about to be made). */
export function InvoiceBreakdownTable({
  breakdown,
  testId = 'invoice-breakdown',
}: {
  breakdown: InvoiceBreakdown;
  testId?: string;
}) {
  const { t } = useTranslation('invoice');
  const { lang } = useShell();
  const money = (n: number) => formatMoney(n, breakdown.currency, lang);
  const vat = breakdown.tax_lines.filter((l) => l.kind !== 'withholding');
  const withheld = breakdown.tax_lines.filter((l) => l.kind === 'withholding');
  // Withholding on cross-border royalties: gross (before withholding), withheld, net.
  const gross = breakdown.subtotal + vat.reduce((sum, l) => sum + l.amount, 0);
  return (
    <Table size="sm" responsive className="bg-white align-middle mb-0" data-testid={testId}>
      <thead>
        <HeadRow labels={HEAD.map((key) => t(`lines.${key}`))} />
      </thead>
      <tbody>
        {breakdown.lines.length === 0 && (
          <tr>
            <td colSpan={9} className="text-muted">
              {t('lines.none')}
            </td>
          </tr>
        )}
        {breakdown.lines.map((line) => (
          <Fragment key={line.license}>
            <tr data-testid="breakdown-line">
              <td>
                <Reference value={line.license_reference} /> {line.ip_name}
              </td>
              <td className="text-end">{line.rows}</td>
              <td className="text-end">{money(line.net_sales)}</td>
              <td className="text-end">{money(line.royalty)}</td>
              <td className="text-end">{money(line.earned_before)}</td>
              <td className="text-end">{money(line.recouped)}</td>
              <td className="text-end" data-testid="breakdown-advance">
                {money(line.advance_billed ?? 0)}
              </td>
              <td className="text-end">{money(line.mg_shortfall)}</td>
              <td className="text-end fw-semibold">{money(line.due)}</td>
            </tr>
            {(line.shortfall_netted ?? 0) > 0 && (
              <tr className="small text-muted" data-testid="breakdown-netted">
                <td colSpan={9} className="ps-4">
                  {t('lines.shortfallNetted', { amount: money(line.shortfall_netted ?? 0) })}
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={8} className="text-end">
            {t('lines.subtotal')}
          </th>
          <td className="text-end" data-testid="breakdown-subtotal">
            {money(breakdown.subtotal)}
          </td>
        </tr>
        {vat.map((line, i) => (
          <tr key={i}>
            <th colSpan={8} className="text-end fw-normal">
              {lang === 'en' ? line.label_en : line.label_jp} ({line.rate_bp / 100}%)
            </th>
            <td className="text-end">{money(line.amount)}</td>
          </tr>
        ))}
        {withheld.length > 0 ? (
          <tr>
            <th colSpan={8} className="text-end">
              {t('lines.gross')}
            </th>
            <td className="text-end" data-testid="breakdown-gross">
              {money(gross)}
            </td>
          </tr>
        ) : null}
        {withheld.map((line, i) => (
          <tr key={`w-${i}`}>
            <th colSpan={8} className="text-end fw-normal">
              {lang === 'en' ? line.label_en : line.label_jp} ({line.rate_bp / 100}%)
            </th>
            <td className="text-end" data-testid="breakdown-withheld">
              {money(line.amount)}
            </td>
          </tr>
        ))}
        <tr>
          <th colSpan={8} className="text-end">
            {withheld.length > 0 ? t('lines.net') : t('lines.total')}
          </th>
          <td className="text-end fw-bold" data-testid="breakdown-total">
            {money(breakdown.total)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}
