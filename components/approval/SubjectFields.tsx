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

/** What a queue item is called: the record's name; for a license, the name of its IP. */
export function useSubjectTitle(kind: ApprovalKind, subject: Row): string {
  const ipKey = kind === 'licenses' ? text(subject.ip) : '';
  const { data: ip } = useRecord<Row>('IP', ipKey || null);
  if (kind !== 'licenses') return text(subject.name);
  return text(ip?.name) || ipKey;
}

export function SubjectName({ kind, subject }: { kind: ApprovalKind; subject: Row }) {
  return <>{useSubjectTitle(kind, subject)}</>;
}

/** One field's value as people read it: money in its currency, basis points as %, dates as days. */
export function FieldValue({ field, record, compact }: { field: string; record: Row; compact?: boolean }) {
  const { lang } = useShell();
  const value = record[field];
  switch (field) {
    case 'licensee':
      return <LicenseeName licenseeKey={text(value)} />;
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
