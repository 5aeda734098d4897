import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';
import { thumbnailUrl } from '@/lib/client/files';
import { DataTable } from '@/components/kit/table/DataTable';
import { ReferenceCell } from '@/components/kit/table/ReferenceCell';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';

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

interface Filter {
  mime: string;
  q: string;
}

const NONE: Filter = { mime: '', q: '' };

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
  const { lang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const form = useSchemaForm<Filter>(() => import('@/lib/server/storage/public-list-input').then((m) => m.publicListQuery), NONE);
  const [{ mime, q }, setApplied] = useState<Filter>(NONE);
  const [page, setPage] = useState(1);
  const apply = (values: Partial<Filter>) => {
    setApplied({ ...NONE, ...values });
    setPage(1);
  };
  // A type applies as soon as it is picked; the name waits for Apply.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === 'mime') void form.handleSubmit(apply)();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  if (mime) params.set('mime', mime);
  if (q) params.set('q', q);
  const query = params.toString();
  const { data, error, mutate } = useSWR(token ? ['public-files', query, token] : null, async (): Promise<PublicFileList> => {
    // A product call on purpose (401 → sign-in), as it always was: not coreClient.
    const answer = await api.GET('/api/core/storage/public/list', {
      params: { query: { page, size: PAGE_SIZE, mime: mime || undefined, q: q || undefined } },
      token,
    });
    if (answer?.status !== 0) throw new Error('list failed');
    return answer.data;
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  function clear() {
    form.reset(NONE);
    apply(NONE);
  }

  const columns = [
    column<PublicFile>('thumbnail', t('thumbnail'), (file) => file.mime, { render: (file) => <FileThumb file={file} /> }),
    column<PublicFile>('name', t('name'), (file) => file.name, { hideable: false, sortable: true, testId: 'public-file-name' }),
    column<PublicFile>('mime', t('mime'), (file) => file.mime, { sortable: true, testId: 'public-file-mime' }),
    column<PublicFile>('size', t('size'), (file) => file.size, {
      kind: 'count',
      sortable: true,
      render: (file) => formatBytes(file.size),
    }),
    column<PublicFile>('dimensions', t('dimensions'), (file) =>
      file.width && file.height ? `${file.width} × ${file.height}` : '',
    ),
    column<PublicFile>('owner', t('owner'), (file) => file.ownerName ?? file.ownerEmail ?? file.owner),
    column<PublicFile>('created', t('created'), (file) => file.dateCreated, { kind: 'datetime', sortable: true }),
    column<PublicFile>('cid', t('cid'), (file) => file.cid, {
      render: (file) => <ReferenceCell value={file.cid} testId="public-file-cid" truncate />,
    }),
    column<PublicFile>('link', t('link'), (file) => `/api/core/public/fetch/${file.cid}`, {
      render: (file) => (
        <a href={`/api/core/public/fetch/${file.cid}`} target="_blank" rel="noreferrer" data-testid="public-file-link">
          {t('open')}
        </a>
      ),
    }),
  ];

  return (
    <section data-testid="public-files">
      <p className="text-muted">{t('intro')}</p>
      <Form form={form} onSubmit={apply} className="mb-3" testId="public-files-filter">
        <Row className="g-2 align-items-end">
          <Col sm={4} md={3}>
            <SelectField
              name="mime"
              label={t('filterMime')}
              options={[
                { value: '', label: t('allTypes') },
                { value: 'image/', label: t('images') },
                ...(data?.mimes ?? []).map((m) => ({ value: m, label: m })),
              ]}
              className="mb-0"
              testId="public-files-mime"
            />
          </Col>
          <Col sm={5} md={4}>
            <TextField
              name="q"
              label={t('search')}
              maxLength={100}
              placeholder={t('searchPlaceholder')}
              className="mb-0"
              testId="public-files-search"
            />
          </Col>
          <Col xs="auto" className="d-flex gap-2">
            <SubmitButton testId="public-files-apply">{t('apply')}</SubmitButton>
            <Button variant="outline-secondary" onClick={clear} data-testid="public-files-clear">
              {t('clear')}
            </Button>
          </Col>
        </Row>
      </Form>

      <DataTable
        columns={columns}
        rows={error ? [] : data?.items}
        error={error}
        onRetry={() => void mutate()}
        lang={lang}
        caption={t('title')}
        testId="public-files-table"
        getRowId={(file) => file.hash}
        rowProps={(file) => ({ 'data-testid': 'public-file-row', 'data-hash': file.hash })}
        empty={{
          message: <span data-testid="public-files-empty">{t('empty')}</span>,
          action: (q || mime) && (
            <Button variant="outline-secondary" size="sm" onClick={clear}>
              {t('clear')}
            </Button>
          ),
        }}
        skeletonRows={PAGE_SIZE}
        csvName="public-files.csv"
        toolbar={
          data && (
            <span className="text-muted small" data-testid="public-files-total">
              {t('total', { count: data.total })}
            </span>
          )
        }
        pager={{
          page,
          hasPrevious: page > 1,
          hasNext: page < pages,
          onPrevious: () => setPage((p) => Math.max(1, p - 1)),
          onNext: () => setPage((p) => p + 1),
          testId: 'public-files',
        }}
      />
    </section>
  );
}
