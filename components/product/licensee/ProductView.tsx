import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { TitledCard } from '@/components/kit/shell/TitledCard';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { text, type Row } from '@/components/flow/approval/subject';
import { useEntityQuery } from '@/lib/client/entities';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { AboveRow, OpenRowButton } from '@/components/kit/table/OpenRowButton';
import { answerRows, RecordTable } from '@/components/kit/table/RecordTable';
import { ReferenceCell } from '@/components/kit/table/ReferenceCell';
import { column } from '@/components/kit/table/columns';
import { useNames } from '@/components/kit/format/use-names';
import { ProductForm } from './ProductForm';
import { licenseStateVariant } from '../../license/states';
import { useTags } from '@/components/ip/data';
import { SearchTagFilters, TagList } from '@/components/tags/TagFilter';

// The product's dialog (review history, markups, QR code) loads when a product is opened.
const ProductDetail = dynamic(() => import('./ProductDetail').then((m) => m.ProductDetail), { ssr: false });

/**
 * The organisation's products: register one under an active license, edit drafts, send them into
 * the product flow (the IP's designer, then brand) and follow the reviewers' decisions.
 */
export function ProductView({ title }: ScreenViewProps) {
  const { t } = useTranslation('licensee');
  const { t: tf } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const { tags, byKey: tagsByKey } = useTags();
  const licenses = useEntityQuery<Row>('License', { sort: { dateCreated: -1 }, limit: 500 });
  const products = useEntityQuery<Row>('Product', {
    ...(tag ? { filter: { tags: tag } } : {}),
    ...(q ? { q } : {}),
    sort: { dateCreated: -1 },
    limit: 500,
  });
  const allLicenses = useMemo(() => licenses.data?.items ?? [], [licenses.data]);
  const active = allLicenses.filter((l) => l.state === 'active');
  const items = useMemo(() => products.data?.items ?? [], [products.data]);
  const ipKeys = useMemo(
    () => [...new Set([...allLicenses.map((l) => text(l.ip)), ...items.map((p) => text(p.ip))].filter(Boolean))].sort(),
    [allLicenses, items],
  );
  const ipNames = useNames('IP', ipKeys);
  // A link from a notification, a mail or the home opens its product by reference (?open=PRD-2026-0042).
  const router = useRouter();
  const wanted = typeof router.query.open === 'string' ? router.query.open : null;
  const linked = wanted ? items.find((p) => p.reference === wanted) : undefined;
  const current = items.find((p) => p.key === (open ?? linked?.key)) ?? null;
  const columns = [
    column<Row>('reference', t('list.reference'), (product) => product.reference, {
      kind: 'reference',
      sortable: true,
      render: (product) => (
        <AboveRow>
          <ReferenceCell value={text(product.reference)} testId="reference" />
        </AboveRow>
      ),
    }),
    column<Row>('name', t('product.name'), (product) => text(product.name), {
      hideable: false,
      sortable: true,
      testId: 'product-row-name',
      render: (product) => <OpenRowButton onOpen={() => setOpen(text(product.key))}>{text(product.name)}</OpenRowButton>,
    }),
    column<Row>('sku', t('product.sku'), (product) => text(product.sku), { sortable: true }),
    column<Row>('ip', t('list.ip'), (product) => ipNames.get(text(product.ip)) ?? ''),
    column<Row>('category', t('product.category'), (product) => text(product.category)),
    column<Row>('price', t('product.price'), (product) => product.price, {
      kind: 'amount',
      currency: (product) => product.currency,
    }),
    column<Row>('launch', t('product.plannedLaunch'), (product) => product.planned_launch, { kind: 'date' }),
    column<Row>('state', t('list.state'), (product) => tf(`state.${text(product.state)}`), {
      render: (product) => {
        const state = text(product.state);
        return (
          <>
            <Badge bg={licenseStateVariant(state)} data-testid="product-state">
              {tf(`state.${state}`)}
            </Badge>
            {state === 'approved' && (
              <span className="ms-2 small text-success" data-testid="product-sellable">
                {t('product.sellable')}
              </span>
            )}
          </>
        );
      },
    }),
    column<Row>('tags', t('gallery.tags'), (product) => product.tags, {
      render: (product) => <TagList keys={product.tags} byKey={tagsByKey} testId="product-tag" />,
    }),
  ];
  const close = () => {
    setOpen(null);
    if (!wanted) return;
    const query = Object.fromEntries(Object.entries(router.query).filter(([name]) => name !== 'open'));
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true });
  };

  return (
    <div data-testid="licensee-products">
      <h1 className="h4 mb-3">{title}</h1>
      <Alert variant="info" className="py-2 small" data-testid="products-sales-note">
        {t('product.salesNote')}
      </Alert>
      <FlashNotice
        flash={saved ? { variant: 'success', text: t('product.saved') } : null}
        className="py-2"
        onClose={() => setSaved(false)}
        testId="product-saved"
      />
      {creating ? (
        <TitledCard title={t('product.new')} titleClass="h6 mb-3">
          <ProductForm
            licenses={active}
            ipNames={ipNames}
            onSaved={(product) => {
              setCreating(false);
              setSaved(true);
              void products.mutate();
              setOpen(text(product.key));
            }}
            onCancel={() => setCreating(false)}
          />
        </TitledCard>
      ) : (
        <div className="mb-3">
          <Button
            onClick={() => {
              setSaved(false);
              setCreating(true);
            }}
            disabled={licenses.isLoading || active.length === 0}
            data-testid="product-new"
          >
            {t('product.new')}
          </Button>
          {!licenses.isLoading && active.length === 0 && (
            <span className="ms-3 text-muted small" data-testid="product-no-active">
              {t('product.noActive')}
            </span>
          )}
        </div>
      )}
      <SearchTagFilters tags={tags} onSearch={setQ} onTag={setTag} tagTestId="product-tag-filter" />
      <RecordTable
        columns={columns}
        {...answerRows(products.data)}
        caption={title}
        testId="products-table"
        keyOf={(product) => text(product.key)}
        rowTestId="product-row"
        rowData={(product) => ({ 'data-state': text(product.state) })}
        openable
        empty={{ message: <span data-testid="products-empty">{q || tag ? tc('search.none') : t('product.empty')}</span> }}
        csvName="products.csv"
      />
      {current && (
        <ProductDetail
          product={current}
          licenses={active}
          ipName={ipNames.get(text(current.ip)) ?? ''}
          ipNames={ipNames}
          onClose={close}
          onChanged={() => void products.mutate()}
        />
      )}
    </div>
  );
}
