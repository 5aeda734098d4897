import { useTranslation } from 'next-i18next/pages';
import { Badge, Table } from 'react-bootstrap';
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
  return (
    <section className="mb-4">
      <h2 className="h6">{t('history')}</h2>
      <div className="table-responsive">
        <Table size="sm" data-testid="terms-history">
          <thead>
            <tr>
              <th scope="col">{t('form.version')}</th>
              <th scope="col">{t('publishedAt')}</th>
              <th scope="col">{t('state')}</th>
              {acceptances && <th scope="col">{t('acceptances')}</th>}
              <th scope="col">{t('text')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.metadata.version} data-testid="terms-history-row" data-version={v.metadata.version}>
                <td>{v.metadata.version}</td>
                <td>{formatDateTime(v.metadata.published)}</td>
                <td>
                  {v.metadata.withdrawn ? (
                    <Badge bg="secondary" data-testid="terms-history-withdrawn">
                      {t('withdrawnOn', { date: formatDateTime(v.metadata.withdrawn) })}
                    </Badge>
                  ) : (
                    t('superseded')
                  )}
                </td>
                {acceptances && <td data-testid="terms-history-acceptances">{acceptances[v.metadata.version] ?? 0}</td>}
                <td>
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
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
