import { useTranslation } from 'next-i18next/pages';
import { Badge } from 'react-bootstrap';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { termsDocumentUrl, type TermsVersion } from '@/lib/terms/kinds';
import { TermsContent } from './TermsContent';

interface TermsHistoryProps {
  /** Versions other than the one in force, newest first. */
  versions: TermsVersion[];
  /** Acceptances per version, shown to holder staff only. */
  acceptances?: Record<string, number>;
}

/** Earlier and withdrawn versions: each keeps its date, its PDF and its full text (evidence of what was agreed to). */
export function TermsHistory({ versions, acceptances }: TermsHistoryProps) {
  const { t } = useTranslation('terms');
  const { lang } = useShell();
  const stateOf = (v: TermsVersion) =>
    v.metadata.withdrawn ? t('withdrawnOn', { date: formatDateTime(v.metadata.withdrawn) }) : t('superseded');
  const columns = [
    column<TermsVersion>('version', t('form.version'), (v) => v.metadata.version, { hideable: false }),
    column<TermsVersion>('published', t('publishedAt'), (v) => v.metadata.published, { kind: 'datetime' }),
    column<TermsVersion>('state', t('state'), stateOf, {
      render: (v) =>
        v.metadata.withdrawn ? (
          <Badge bg="secondary" data-testid="terms-history-withdrawn">
            {stateOf(v)}
          </Badge>
        ) : (
          stateOf(v)
        ),
    }),
    ...(acceptances
      ? [
          column<TermsVersion>('acceptances', t('acceptances'), (v) => acceptances[v.metadata.version] ?? 0, {
            kind: 'count',
            testId: 'terms-history-acceptances',
          }),
        ]
      : []),
    column<TermsVersion>('text', t('text'), () => '', {
      render: (v) => (
        <>
          <details>
            <summary>{t('showText')}</summary>
            <div className="border rounded p-2 mt-1 small">
              <TermsContent version={v} />
            </div>
          </details>
          {v.metadata.document && (
            <a href={termsDocumentUrl(v.metadata.document)} target="_blank" rel="noopener noreferrer">
              {t('pdf')}
            </a>
          )}
        </>
      ),
    }),
  ];
  return (
    <section className="mb-4">
      <h2 className="h6">{t('history')}</h2>
      <DataTable
        columns={columns}
        rows={versions}
        lang={lang}
        caption={t('history')}
        testId="terms-history"
        getRowId={(v) => v.metadata.version}
        rowProps={(v) => ({ 'data-testid': 'terms-history-row', 'data-version': v.metadata.version })}
        empty={{ message: t('none') }}
      />
    </section>
  );
}
