import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { ApprovalKind } from '@/lib/client/flow';
import { useRecord } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { FIELDS_OF, formatDay, formatMoney, formatRate, imageUrl, imagesOf, text, type Row } from './subject';

function LicenseeName({ licenseeKey }: { licenseeKey: string }) {
  const { data } = useRecord<Row>('Licensee', licenseeKey || null);
  return <>{text(data?.name) || licenseeKey}</>;
}

function IpName({ ipKey }: { ipKey: string }) {
  const { data } = useRecord<Row>('IP', ipKey || null);
  return <>{text(data?.name) || ipKey}</>;
}

/** One field's value as people read it: money in its currency, basis points as %, dates as days. */
export function FieldValue({ field, record, compact }: { field: string; record: Row; compact?: boolean }) {
  const { lang } = useShell();
  const { t } = useTranslation('approval');
  const value = record[field];
  switch (field) {
    case 'totals': {
      const totals = value && typeof value === 'object' ? (value as Record<string, Row>) : {};
      return (
        <>
          {Object.entries(totals).map(([currency, line]) => (
            <div key={currency}>
              {t('report.totalsLine', {
                rows: text(line.rows),
                net: formatMoney(line.net_sales, currency, lang),
                royalty: formatMoney(line.royalty, currency, lang),
              })}
            </div>
          ))}
        </>
      );
    }
    case 'late':
      return <>{value ? t('report.late') : t('report.onTime')}</>;
    case 'source':
      return <>{t(`report.source.${text(value) || 'form'}`)}</>;
    case 'licensee':
      return <LicenseeName licenseeKey={text(value)} />;
    case 'ip':
      return <IpName ipKey={text(value)} />;
    case 'period':
      return <>{`${formatDay(record.period_start)} – ${formatDay(record.period_end)}`}</>;
    case 'amount':
      return <>{formatMoney(value, record.currency, lang)}</>;
    case 'due_date':
      return <>{formatDay(value)}</>;
    case 'tax_lines': {
      const lines = Array.isArray(value) ? (value as Row[]) : [];
      return (
        <>
          {lines.map((line, i) => (
            <div key={i}>
              {`${text(line.label)} (${formatRate(line.rate_bp, lang)}): ${formatMoney(line.amount, record.currency, lang)}`}
            </div>
          ))}
        </>
      );
    }
    case 'term':
      return <>{`${formatDay(record.term_start)} – ${formatDay(record.term_end)}`}</>;
    case 'royalty_rate_bp':
      return <>{formatRate(value, lang)}</>;
    case 'minimum_guarantee':
    case 'advance':
    case 'price':
      return <>{formatMoney(value, record.currency, lang)}</>;
    case 'planned_launch':
      return <>{formatDay(value)}</>;
    case 'images': {
      const images = imagesOf(record);
      return (
        <span className="d-inline-flex flex-wrap gap-1">
          {images.map((image) => (
            // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
            <img
              key={image.hash}
              src={imageUrl(image.hash, compact ? 128 : 256)}
              alt={image.name ?? ''}
              width={compact ? 64 : 96}
              className="rounded border"
            />
          ))}
        </span>
      );
    }
    default:
      if (Array.isArray(value)) return <>{value.map(text).join(', ')}</>;
      return <span style={{ whiteSpace: 'pre-wrap' }}>{text(value)}</span>;
  }
}

/** The subject's own fields; images are left to the markup view, which shows them large. */
export function SubjectFields({ kind, subject }: { kind: ApprovalKind; subject: Row }) {
  const { t } = useTranslation('approval');
  const rows: [string, ReactNode][] = FIELDS_OF[kind]
    .filter((field) => field !== 'images')
    .map((field) => [field, <FieldValue key={field} field={field} record={subject} />]);
  return (
    <dl className="row mb-0 mx-0" data-testid="subject-fields">
      {rows.map(([field, value]) => (
        <div key={field} style={{ display: 'contents' }}>
          <dt className="col-sm-3 text-muted fw-normal">{t(`field.${field}`)}</dt>
          <dd className="col-sm-9" data-testid={`subject-${field}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
