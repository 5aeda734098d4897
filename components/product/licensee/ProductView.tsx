import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatDay, formatMoney, text, type Row } from '@/components/flow/approval/subject';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useIpNames } from '../../license/licensee/LicenseListView';
import { ProductForm } from './ProductForm';
import { licenseStateVariant } from '../../license/states';
import { RecordSearch, Reference } from '@/components/refs/RecordSearch';
import { useTags } from '@/components/ip/data';
import { TagFilter, TagList } from '@/components/tags/TagFilter';

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
  const { lang } = useShell();
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
  const ipNames = useIpNames(ipKeys);
  // A link from a notification, a mail or the home opens its product by reference (?open=PRD-2026-0042).
  const router = useRouter();
  const wanted = typeof router.query.open === 'string' ? router.query.open : null;
  const linked = wanted ? items.find((p) => p.reference === wanted) : undefined;
  const current = items.find((p) => p.key === (open ?? linked?.key)) ?? null;
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
      {saved && (
        <Alert variant="success" className="py-2" dismissible onClose={() => setSaved(false)} data-testid="product-saved">
          {t('product.saved')}
        </Alert>
      )}
      {creating ? (
        <Card className="mb-4">
          <Card.Body>
            <h2 className="h6 mb-3">{t('product.new')}</h2>
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
          </Card.Body>
        </Card>
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
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <RecordSearch onSearch={setQ} />
        <TagFilter tags={tags} value={tag} onChange={setTag} testId="product-tag-filter" />
      </div>
      {products.isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : items.length === 0 ? (
        <p className="text-muted" data-testid="products-empty">
          {q || tag ? tc('search.none') : t('product.empty')}
        </p>
      ) : (
        <Table hover responsive size="sm" className="align-middle" data-testid="products-table">
          <thead>
            <tr>
              <th>{t('list.reference')}</th>
              <th>{t('product.name')}</th>
              <th>{t('product.sku')}</th>
              <th>{t('list.ip')}</th>
              <th>{t('product.category')}</th>
              <th className="text-end">{t('product.price')}</th>
              <th>{t('product.plannedLaunch')}</th>
              <th>{t('list.state')}</th>
              <th>{t('gallery.tags')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((product) => {
              const state = text(product.state);
              return (
                <tr
                  key={text(product.key)}
                  role="button"
                  onClick={() => setOpen(text(product.key))}
                  data-testid="product-row"
                  data-key={text(product.key)}
                  data-state={state}
                >
                  <td>
                    <Reference value={product.reference} />
                  </td>
                  <td className="link-primary" data-testid="product-row-name">
                    {text(product.name)}
                  </td>
                  <td>{text(product.sku)}</td>
                  <td>{ipNames.get(text(product.ip)) ?? ''}</td>
                  <td>{text(product.category)}</td>
                  <td className="text-end">{formatMoney(product.price, product.currency, lang)}</td>
                  <td>{formatDay(product.planned_launch)}</td>
                  <td>
                    <Badge bg={licenseStateVariant(state)} data-testid="product-state">
                      {tf(`state.${state}`)}
                    </Badge>
                    {state === 'approved' && (
                      <span className="ms-2 small text-success" data-testid="product-sellable">
                        {t('product.sellable')}
                      </span>
                    )}
                  </td>
                  <td>
                    <TagList keys={product.tags} byKey={tagsByKey} testId="product-tag" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
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
