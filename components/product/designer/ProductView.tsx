import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { formatDay, formatMoney } from '@/components/flow/approval/subject';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { RecordTable } from '@/components/kit/table/RecordTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import type { Decision } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { useDesignerList, useMyDesigner, type Row as Rec } from '../../ip/gallery/data';
import { FlowState } from '../../flow/FlowState';
import { HistoryPanel } from '../../flow/HistoryPanel';
import { IpImage } from '../../ip/gallery/IpImage';
import { NeedsDesigner } from '../../designers/NeedsDesigner';
import { ProductDecision } from './ProductDecision';
import { Reference, matchesSearch } from '@/components/refs/RecordSearch';
import { useTags } from '@/components/ip/data';
import { SearchTagFilters, TagList } from '@/components/tags/TagFilter';

function imagesOf(product: Rec): { hash: string; name?: string }[] {
  return Array.isArray(product.images) ? (product.images as { hash: string; name?: string }[]) : [];
}

/** One product waiting for me: its images and facts, then my decision. */
function WaitingProduct({ product, onDecided }: { product: Rec; onDecided(decision: Decision, moved: boolean): void }) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const name = String(product.name ?? '');
  const images = imagesOf(product);
  const term = product.licenseTerm as { start?: string; end?: string } | null;
  return (
    <Card className="mb-3" data-testid="product-waiting" data-key={String(product.key)}>
      <Card.Body>
        <Row className="g-3">
          <Col md={4}>
            <div className="d-flex flex-wrap gap-2" data-testid="product-images">
              {images.length === 0 ? (
                <IpImage hash={undefined} alt={name} width={240} height={180} isPublic={false} className="rounded border" />
              ) : (
                images.map((image) => (
                  <div key={image.hash} style={{ width: images.length === 1 ? '100%' : 'calc(50% - 0.25rem)' }}>
                    <IpImage
                      hash={image.hash}
                      alt={image.name ?? name}
                      width={240}
                      height={180}
                      isPublic={false}
                      className="rounded border"
                    />
                  </div>
                ))
              )}
            </div>
          </Col>
          <Col md={8}>
            <h3 className="h5 text-break" data-testid="product-name">
              <Reference value={product.reference} /> {name}
            </h3>
            <dl className="row small mb-3">
              <dt className="col-sm-4">{t('product.sku')}</dt>
              <dd className="col-sm-8" data-testid="product-sku">
                {String(product.sku ?? '')}
              </dd>
              <dt className="col-sm-4">{t('product.category')}</dt>
              <dd className="col-sm-8">{String(product.category ?? '') || t('detail.none')}</dd>
              <dt className="col-sm-4">{t('product.price')}</dt>
              <dd className="col-sm-8">{formatMoney(product.price, product.currency, lang) || t('detail.none')}</dd>
              <dt className="col-sm-4">{t('product.licensee')}</dt>
              <dd className="col-sm-8" data-testid="product-licensee">
                {String(product.licenseeName ?? product.licensee ?? '')}
              </dd>
              <dt className="col-sm-4">{t('product.ip')}</dt>
              <dd className="col-sm-8">{String(product.ipName ?? product.ip ?? '')}</dd>
              <dt className="col-sm-4">{t('product.license')}</dt>
              <dd className="col-sm-8">
                {term
                  ? t('product.licenseTerm', { start: formatDay(term.start), end: formatDay(term.end) })
                  : String(product.license)}
              </dd>
              <dt className="col-sm-4">{t('product.launch')}</dt>
              <dd className="col-sm-8">{formatDay(product.planned_launch) || t('detail.none')}</dd>
              <dt className="col-sm-4">{t('product.updated')}</dt>
              <dd className="col-sm-8">{formatDateTime(product.dateUpdated, '')}</dd>
            </dl>
            <ProductDecision reviewKey={String(product.designerReview)} name={name} onDecided={onDecided} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

/**
 * designer/product: products licensees made from my IPs that wait for my decision (the
 * designer_review step), then the ones I have already seen with their states.
 */
export function ProductView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { t: tc } = useTranslation('common');
  const { designer, isLoading, failed } = useMyDesigner();
  const designerKey = designer ? String(designer.key) : null;
  const products = useDesignerList<Rec>('products', designerKey);
  const [flash, setFlash] = useState<{ decision: Decision; name: string } | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const { tags, byKey: tagsByKey } = useTags();

  if (!designer)
    return (
      <section>
        <h1 className="h3 mb-3">{title}</h1>
        <NeedsDesigner state={isLoading && designer === undefined ? 'loading' : failed ? 'failed' : 'missing'} />
      </section>
    );

  const all = products.data ?? [];
  const waiting = all.filter((p) => typeof p.designerReview === 'string');
  const decided = all
    .filter((p) => typeof p.designerReview !== 'string' && p.state !== 'draft' && p.state !== 'designer_review')
    .filter((p) => matchesSearch([p.reference, p.name, p.sku, p.licenseeName, p.ipName].map((v) => String(v ?? '')).join(' '), q))
    .filter((p) => !tag || (Array.isArray(p.tags) && p.tags.includes(tag)));

  const columns = [
    column<Rec>('reference', t('product.reference'), (p) => p.reference, { kind: 'reference', sortable: true }),
    column<Rec>('name', t('product.name'), (p) => String(p.name ?? ''), {
      hideable: false,
      sortable: true,
      render: (p) => (
        <span className="text-break">
          {String(p.name ?? '')} <TagList keys={p.tags} byKey={tagsByKey} testId="product-tag" />
        </span>
      ),
    }),
    column<Rec>('sku', t('product.sku'), (p) => String(p.sku ?? '')),
    column<Rec>('licensee', t('product.licensee'), (p) => String(p.licenseeName ?? ''), { sortable: true }),
    column<Rec>('ip', t('product.ip'), (p) => String(p.ipName ?? ''), { sortable: true }),
    column<Rec>('state', t('product.state'), (p) => p.state, {
      render: (p) => <FlowState state={p.state} testId="product-row-state" />,
    }),
    column<Rec>('updated', t('product.updated'), (p) => p.dateUpdated, { kind: 'datetime', sortable: true }),
    actionsColumn<Rec>(t('history.show'), (p) => {
      const open = openKey === String(p.key);
      return (
        <Button variant="link" size="sm" onClick={() => setOpenKey(open ? null : String(p.key))} aria-expanded={open}>
          {open ? t('history.hide') : t('history.show')}
        </Button>
      );
    }),
  ];

  return (
    <section data-testid="designer-product">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Button variant="outline-secondary" size="sm" onClick={() => void products.mutate()} data-testid="product-reload">
          {t('reload')}
        </Button>
      </div>
      <p className="text-muted">{t('product.intro')}</p>
      <FlashNotice
        flash={flash ? { variant: 'success', text: t(`product.done.${flash.decision}`, { name: flash.name }) } : null}
        onClose={() => setFlash(null)}
        testId="product-decided"
      />
      <h2 className="h5">{t('product.waitingTitle', { count: waiting.length })}</h2>
      {products.isLoading ? (
        <Spinner animation="border" role="status" data-testid="product-loading" />
      ) : products.data === null ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : waiting.length === 0 ? (
        <p className="text-muted border rounded p-4 text-center" data-testid="product-waiting-empty">
          {t('product.waitingEmpty')}
        </p>
      ) : (
        waiting.map((product) => (
          <WaitingProduct
            key={String(product.key)}
            product={product}
            onDecided={(decision) => {
              setFlash({ decision, name: String(product.name ?? '') });
              void products.mutate();
            }}
          />
        ))
      )}
      <h2 className="h5 mt-4">{t('product.decidedTitle')}</h2>
      <SearchTagFilters tags={tags} onSearch={setQ} onTag={setTag} searchTestId="product-search" tagTestId="product-tag-filter" />
      <RecordTable
        columns={columns}
        rows={products.isLoading || products.data === null ? undefined : decided}
        caption={t('product.decidedTitle')}
        testId="product-decided-table"
        keyOf={(product) => String(product.key)}
        rowTestId="product-row"
        renderExpanded={(product) =>
          openKey === String(product.key) ? <HistoryPanel entity="Product" subjectKey={String(product.key)} /> : null
        }
        empty={{
          message: <span data-testid="product-decided-empty">{q || tag ? tc('search.none') : t('product.decidedEmpty')}</span>,
        }}
        csvName="products.csv"
      />
    </section>
  );
}
