import { useRef, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice, type Flash } from '@/components/kit/shell/FlashNotice';
import useSWR from 'swr';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { formatDay } from '@/components/kit/format/money';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RecordTable } from '@/components/kit/table/RecordTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { downloadZip, formatBytes, type Progress } from './download-zip';
import { matchesSearch, RecordSearch } from '@/components/refs/RecordSearch';

interface DownloadableLicense {
  license: string;
  reference: string;
  licensee_name: string;
  ip: string;
  ip_name: string;
  ip_kind: string;
  parent_name: string | null;
  term_start: string;
  term_end: string;
  files: number;
  bytes: number;
  guidelines: boolean;
}

/** The ZIP of everything a license grants (the browser may save it directly). */
const zipOf = (row: DownloadableLicense) => `/api/batch/license/${encodeURIComponent(row.license)}`;

/** The organisation's active licenses and a batch download of the assets each grants, with progress. */
export function LicenseeIpView({ title }: ScreenViewProps) {
  const { t } = useTranslation('licensee-ip');
  const { t: tc } = useTranslation('common');
  const { lang } = useShell();
  // The license's number, the IP's or its primary's name: what someone asking for the files quotes.
  const [q, setQ] = useState('');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const { data, error, isLoading } = useSWR(token ? ['batch-licenses', token] : null, async () => {
    const answer = await api.GET('/api/batch/licenses', { token });
    if (answer?.status !== 0) throw new Error('load failed');
    // The spec leaves every field optional and does not list `reference` yet; the handler sends them all.
    return answer.data as DownloadableLicense[];
  });
  const [active, setActive] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>({ received: 0, total: 0 });
  const [flash, setFlash] = useState<Flash | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async (row: DownloadableLicense) => {
    const controller = new AbortController();
    abort.current = controller;
    setActive(row.license);
    setFlash(null);
    setProgress({ received: 0, total: row.bytes });
    try {
      const size = await downloadZip(
        zipOf(row),
        `${row.ip_name.replace(/[\\/:*?"<>|]/g, '_')}.zip`,
        token,
        setProgress,
        controller.signal,
      );
      setFlash({ variant: 'success', text: t('done', { size: formatBytes(size, lang) }) });
    } catch (err) {
      setFlash(
        controller.signal.aborted ? { variant: 'secondary', text: t('cancelled') } : { variant: 'danger', text: t('failed') },
      );
      if (!controller.signal.aborted) console.error('[licensee/ip] download failed:', err);
    } finally {
      setActive(null);
      abort.current = null;
    }
  };

  const shown = (data ?? []).filter((row) =>
    matchesSearch([row.reference, row.ip_name, row.parent_name ?? '', row.licensee_name].join(' '), q),
  );
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : 0;
  const columns = [
    column<DownloadableLicense>('reference', t('reference'), (row) => row.reference, { kind: 'reference', sortable: true }),
    column<DownloadableLicense>('ip', t('ip'), (row) => row.ip_name, {
      hideable: false,
      sortable: true,
      render: (row) => (
        <>
          <div className="fw-semibold">{row.ip_name}</div>
          {row.parent_name && <div className="small text-muted">{t('primaryOf', { name: row.parent_name })}</div>}
        </>
      ),
    }),
    column<DownloadableLicense>('organisation', t('organisation'), (row) => row.licensee_name, { sortable: true }),
    column<DownloadableLicense>('term', t('term'), (row) => `${formatDay(row.term_start)} – ${formatDay(row.term_end)}`),
    column<DownloadableLicense>('files', t('files'), (row) => row.files, { kind: 'count', testId: 'download-files' }),
    column<DownloadableLicense>('size', t('size'), (row) => formatBytes(row.bytes, lang)),
    column<DownloadableLicense>('guidelines', t('guidelines'), (row) => (row.guidelines ? t('yes') : t('no')), {
      render: (row) => (
        <Badge bg={row.guidelines ? 'info' : 'light'} text={row.guidelines ? undefined : 'dark'}>
          {row.guidelines ? t('yes') : t('no')}
        </Badge>
      ),
    }),
    actionsColumn<DownloadableLicense>(t('actions'), (row) =>
      active === row.license ? (
        <div data-testid="download-progress" style={{ minWidth: 220 }}>
          <ProgressBar now={percent} label={`${percent}%`} aria-label={`${percent}%`} animated className="mb-1" />
          <div className="d-flex justify-content-between align-items-center small">
            <span>
              {t('progress', { received: formatBytes(progress.received, lang), total: formatBytes(progress.total, lang) })}
            </span>
            <Button size="sm" variant="link" className="p-0" onClick={() => abort.current?.abort()}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="d-flex gap-2 align-items-center text-nowrap">
          <Button size="sm" onClick={() => void start(row)} disabled={active !== null} data-testid="download-all">
            {t('downloadAll')}
          </Button>
          <a className="small" href={zipOf(row)} download title={t('directHelp')} data-testid="download-direct">
            {t('direct')}
          </a>
        </div>
      ),
    ),
  ];

  return (
    <section data-testid="licensee-ip">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('intro')}</p>
      <FlashNotice flash={flash} onClose={() => setFlash(null)} testId="download-flash" />
      {data && data.length > 0 && <RecordSearch onSearch={setQ} testId="download-search" />}
      <RecordTable
        columns={columns}
        rows={isLoading || (!data && !error) ? undefined : shown}
        error={error}
        caption={title}
        testId="download-table"
        keyOf={(row) => row.license}
        rowTestId="download-row"
        rowData={(row) => ({ 'data-license': row.license })}
        empty={{
          message:
            data?.length === 0 ? (
              <span data-testid="download-empty">{t('empty')}</span>
            ) : (
              <span data-testid="download-no-match">{tc('search.none')}</span>
            ),
        }}
      />
      <p className="small text-muted">{t('directHelp')}</p>
    </section>
  );
}
