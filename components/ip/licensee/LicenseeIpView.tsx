import { useRef, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDay } from '@/components/kit/format/money';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { downloadZip, formatBytes, type Progress } from './download-zip';
import { matchesSearch, RecordSearch, Reference } from '@/components/refs/RecordSearch';

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

type Flash = { variant: 'success' | 'danger' | 'secondary'; text: string } | null;

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
  const [flash, setFlash] = useState<Flash>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async (row: DownloadableLicense) => {
    const controller = new AbortController();
    abort.current = controller;
    setActive(row.license);
    setFlash(null);
    setProgress({ received: 0, total: row.bytes });
    try {
      const size = await downloadZip(
        `/api/batch/license/${encodeURIComponent(row.license)}`,
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

  return (
    <section data-testid="licensee-ip">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('intro')}</p>
      {flash && (
        <Alert variant={flash.variant} dismissible onClose={() => setFlash(null)} data-testid="download-flash">
          {flash.text}
        </Alert>
      )}
      {isLoading || (!data && !error) ? (
        <div className="py-4 text-center" role="status">
          <Spinner animation="border" size="sm" /> <span className="ms-2">{t('loading')}</span>
        </div>
      ) : error ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : data!.length === 0 ? (
        <p className="text-muted" data-testid="download-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <RecordSearch onSearch={setQ} testId="download-search" />
          {shown.length === 0 && (
            <p className="text-muted" data-testid="download-no-match">
              {tc('search.none')}
            </p>
          )}
          <Table responsive className="bg-white align-middle" data-testid="download-table">
            <thead>
              <tr>
                <th>{t('ip')}</th>
                <th>{t('organisation')}</th>
                <th>{t('term')}</th>
                <th className="text-end text-nowrap">{t('files')}</th>
                <th className="text-end">{t('size')}</th>
                <th>{t('guidelines')}</th>
                <th>{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.license} data-testid="download-row" data-license={row.license}>
                  <td>
                    <div className="small">
                      <Reference value={row.reference} />
                    </div>
                    <div className="fw-semibold">{row.ip_name}</div>
                    {row.parent_name && <div className="small text-muted">{t('primaryOf', { name: row.parent_name })}</div>}
                  </td>
                  <td>{row.licensee_name}</td>
                  <td className="text-nowrap">
                    {formatDay(row.term_start)} – {formatDay(row.term_end)}
                  </td>
                  <td className="text-end" data-testid="download-files">
                    {row.files}
                  </td>
                  <td className="text-end text-nowrap">{formatBytes(row.bytes, lang)}</td>
                  <td>
                    <Badge bg={row.guidelines ? 'info' : 'light'} text={row.guidelines ? undefined : 'dark'}>
                      {row.guidelines ? t('yes') : t('no')}
                    </Badge>
                  </td>
                  <td className="text-nowrap" style={{ minWidth: 220 }}>
                    {active === row.license ? (
                      <div data-testid="download-progress">
                        <ProgressBar now={percent} label={`${percent}%`} animated className="mb-1" />
                        <div className="d-flex justify-content-between align-items-center small">
                          <span>
                            {t('progress', {
                              received: formatBytes(progress.received, lang),
                              total: formatBytes(progress.total, lang),
                            })}
                          </span>
                          <Button size="sm" variant="link" className="p-0" onClick={() => abort.current?.abort()}>
                            {t('cancel')}
                          </Button>
                        </div>
                      </div>
                    ) : (
                      <div className="d-flex gap-2 align-items-center">
                        <Button size="sm" onClick={() => void start(row)} disabled={active !== null} data-testid="download-all">
                          {t('downloadAll')}
                        </Button>
                        <a
                          className="small"
                          href={`/api/batch/license/${encodeURIComponent(row.license)}`}
                          download
                          title={t('directHelp')}
                          data-testid="download-direct"
                        >
                          {t('direct')}
                        </a>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p className="small text-muted">{t('directHelp')}</p>
        </>
      )}
    </section>
  );
}
