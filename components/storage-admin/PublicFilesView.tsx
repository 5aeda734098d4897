import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import type { ScreenViewProps } from '@/components/page/withPage';
import { productApi } from '@/lib/client/fetcher';
import { thumbnailUrl } from '@/lib/client/files';
import { formatDateTime } from '@/lib/format/time';

interface PublicFile {
  hash: string;
  cid: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  owner: string;
  ownerEmail: string | null;
  ownerName: string | null;
  dateCreated: string;
}

interface PublicFileList {
  items: PublicFile[];
  total: number;
  page: number;
  size: number;
  mimes: string[];
}

const PAGE_SIZE = 20;

/** Bytes in B, KiB or MiB with one decimal. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function FileThumb({ file }: { file: PublicFile }) {
  if (file.mime.startsWith('image/')) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path
      <img
        src={thumbnailUrl(file.hash, 64)}
        alt={file.name}
        width={48}
        height={48}
        className="rounded border"
        style={{ objectFit: 'cover' }}
        data-testid="public-file-thumb"
      />
    );
  }
  return (
    <span className="badge text-bg-secondary" style={{ width: 48 }}>
      {file.mime.split('/')[1]?.toUpperCase().slice(0, 4)}
    </span>
  );
}

/**
 * Data maintenance of the public store (/sys/storage/public, administrators): every public
 * file with its type, size, dimensions, owner, date, thumbnail and CID; filtered by type and
 * name, a page at a time.
 */
export function PublicFilesView(_props: ScreenViewProps) {
  const { t } = useTranslation('storage-admin');
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [mime, setMime] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [copied, setCopied] = useState<string | null>(null);

  const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  if (mime) params.set('mime', mime);
  if (q) params.set('q', q);
  const query = params.toString();
  const { data, error, isLoading } = useSWR(token ? ['public-files', query, token] : null, async () => {
    const answer = await productApi<PublicFileList>(`/core/storage/public/list?${query}`, { token });
    if (answer?.status !== 0) throw new Error('list failed');
    return answer.data;
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  }

  async function copy(cid: string) {
    await navigator.clipboard?.writeText(cid).catch(() => undefined);
    setCopied(cid);
  }

  return (
    <section data-testid="public-files">
      <p className="text-muted">{t('intro')}</p>
      <Form onSubmit={search} className="mb-3" data-testid="public-files-filter">
        <Row className="g-2 align-items-end">
          <Col sm={4} md={3}>
            <Form.Label htmlFor="public-files-mime">{t('filterMime')}</Form.Label>
            <Form.Select
              id="public-files-mime"
              value={mime}
              onChange={(e) => {
                setMime(e.target.value);
                setPage(1);
              }}
              data-testid="public-files-mime"
            >
              <option value="">{t('allTypes')}</option>
              <option value="image/">{t('images')}</option>
              {(data?.mimes ?? []).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col sm={5} md={4}>
            <Form.Label htmlFor="public-files-q">{t('search')}</Form.Label>
            <Form.Control
              id="public-files-q"
              value={draft}
              maxLength={100}
              placeholder={t('searchPlaceholder')}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="public-files-search"
            />
          </Col>
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit" data-testid="public-files-apply">
              {t('apply')}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => {
                setDraft('');
                setQ('');
                setMime('');
                setPage(1);
              }}
              data-testid="public-files-clear"
            >
              {t('clear')}
            </Button>
          </Col>
        </Row>
      </Form>

      {error && <Alert variant="danger">{t('failed')}</Alert>}
      {isLoading && (
        <div className="d-flex align-items-center gap-2 text-muted">
          <Spinner animation="border" size="sm" /> {t('loading')}
        </div>
      )}
      {data && data.items.length === 0 && (
        <Alert variant="light" data-testid="public-files-empty">
          {t('empty')}
        </Alert>
      )}
      {data && data.items.length > 0 && (
        <Table responsive hover size="sm" className="align-middle" data-testid="public-files-table">
          <thead className="text-nowrap">
            <tr>
              <th>{t('thumbnail')}</th>
              <th>{t('name')}</th>
              <th>{t('mime')}</th>
              <th className="text-end">{t('size')}</th>
              <th>{t('dimensions')}</th>
              <th>{t('owner')}</th>
              <th>{t('created')}</th>
              <th>{t('cid')}</th>
              <th>{t('link')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((file) => (
              <tr key={file.hash} data-testid="public-file-row" data-hash={file.hash}>
                <td>
                  <FileThumb file={file} />
                </td>
                <td className="text-break" data-testid="public-file-name">
                  {file.name}
                </td>
                <td data-testid="public-file-mime">{file.mime}</td>
                <td className="text-end text-nowrap">{formatBytes(file.size)}</td>
                <td className="text-nowrap">{file.width && file.height ? `${file.width} × ${file.height}` : '—'}</td>
                <td className="small text-break">{file.ownerName ?? file.ownerEmail ?? file.owner}</td>
                <td className="small text-nowrap">{formatDateTime(file.dateCreated, '')}</td>
                <td style={{ maxWidth: 220 }}>
                  <code className="small d-block text-truncate" title={file.cid} data-testid="public-file-cid">
                    {file.cid}
                  </code>
                  <Button variant="link" size="sm" className="p-0 small" onClick={() => void copy(file.cid)}>
                    {copied === file.cid ? t('copied') : t('copy')}
                  </Button>
                </td>
                <td className="text-nowrap">
                  <a href={`/api/core/public/fetch/${file.cid}`} target="_blank" rel="noreferrer" data-testid="public-file-link">
                    {t('open')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {data && (
        <div className="d-flex align-items-center gap-3">
          <span className="text-muted small" data-testid="public-files-total">
            {t('total', { count: data.total })}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            data-testid="public-files-prev"
          >
            {t('previous')}
          </Button>
          <span className="small" data-testid="public-files-page">
            {t('page', { page, pages })}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            data-testid="public-files-next"
          >
            {t('next')}
          </Button>
        </div>
      )}
    </section>
  );
}
