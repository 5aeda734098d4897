import { useDeferredValue, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ALL_TAGS_QUERY, useTags } from '@/components/ip/data';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import type { QueryBody } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { firstQuery, type FirstReads } from '@/lib/page/first-reads';
import { myDesignerQuery, myPermitsQuery, useCursorPages, useMyDesigner, useMyPermits, type Row } from './data';
import { FlowState } from '../../flow/FlowState';
import { GalleryFilters, galleryFilter, gallerySearch, type GalleryFilterValues } from './GalleryFilters';
import { GalleryGrid } from './GalleryGrid';
import { IpCard } from './IpCard';
import { PrimaryIpModal } from './PrimaryIpModal';

const PAGE_SIZE = 12;

/** The gallery's page query for these filters: the hook and the server's first read send the same body. */
function primaryGalleryQuery(filters: GalleryFilterValues): QueryBody {
  return {
    filter: { kind: 'primary', state: 'published', ...galleryFilter(filters) },
    ...gallerySearch(filters),
    sort: { dateCreated: -1 },
    limit: PAGE_SIZE,
  };
}

/**
 * What the gallery reads first, answered by the server so the cards, their tags and permits are in
 * the first paint, with the very bodies useTags and useMyPermits send.
 */
export const primaryGalleryReads: FirstReads = (session) => [
  firstQuery('IP', primaryGalleryQuery({ search: '', tag: '' })),
  firstQuery('Tag', ALL_TAGS_QUERY),
  firstQuery('Usage', myPermitsQuery(session.user.sub)),
  // useMyDesigner: whether the designer has a profile decides the page's permit buttons.
  firstQuery('Designer', myDesignerQuery(session.user.sub)),
];

/** designer/gallery: published primary IPs; a card opens the detail with guidelines and the permit request. */
export function PrimaryGalleryView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const { tags, byKey } = useTags();
  const { designer, sub } = useMyDesigner();
  const permits = useMyPermits(sub);
  const [filters, setFilters] = useState<GalleryFilterValues>({ search: '', tag: '' });
  const deferred = useDeferredValue(filters);
  const pages = useCursorPages<Row>('IP', primaryGalleryQuery(deferred));
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const open = pages.items.find((ip) => String(ip.key) === openKey) ?? null;
  const filtered = Boolean(deferred.search.trim() || deferred.tag);

  return (
    <section data-testid="designer-gallery">
      <h1 className="h3 mb-2">{title}</h1>
      <p className="text-muted">{t('gallery.intro')}</p>
      {requested && (
        <Alert variant="success" dismissible onClose={() => setRequested(null)} data-testid="permit-requested">
          {t('permit.requested', { name: requested })} <Link href={`/${lang}/designer/usage`}>{t('permit.seeAll')}</Link>
        </Alert>
      )}
      <GalleryFilters values={filters} tags={tags} onChange={setFilters} />
      <GalleryGrid
        items={pages.items}
        // No answer yet (SWR's isLoading stays true over the server's first answer while it revalidates).
        loading={pages.data === undefined && !pages.error}
        failed={pages.data === null}
        empty={filtered ? t('gallery.noMatch') : t('gallery.empty')}
        page={pages.page}
        hasPrevious={pages.hasPrevious}
        hasNext={pages.hasNext}
        onPrevious={pages.previous}
        onNext={pages.next}
        skeletonCards={PAGE_SIZE}
        renderCard={(ip, first) => {
          const permit = permits.latestByIp.get(String(ip.key));
          return (
            <IpCard
              ip={ip}
              tags={byKey}
              isPublic
              priority={first}
              footer={
                <Button
                  variant="outline-primary"
                  size="sm"
                  className="w-100"
                  onClick={() => setOpenKey(String(ip.key))}
                  data-testid="ip-card-open"
                >
                  {t('gallery.details')}
                </Button>
              }
            >
              {permit && (
                <div className="small d-flex align-items-center gap-1 mt-auto" data-testid="ip-card-permit">
                  <span className="text-muted">{t('gallery.permit')}</span>
                  <FlowState state={permit.state} testId="ip-card-permit-state" />
                </div>
              )}
            </IpCard>
          );
        }}
      />
      <PrimaryIpModal
        ip={open}
        tags={byKey}
        permit={open ? permits.latestByIp.get(String(open.key)) : undefined}
        designerKey={designer ? String(designer.key) : undefined}
        onRequested={(usage) => {
          void permits.mutate();
          setRequested(String(open?.name ?? usage.ip));
          setOpenKey(null);
        }}
        onClose={() => setOpenKey(null)}
      />
    </section>
  );
}
