import { useDeferredValue, useState } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useDesignerNames, useTags } from '@/components/ip/data';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useShell } from '@/lib/client/settings-context';
import { truncate } from '@/lib/format/truncate';
import { useCursorPages, type Row } from './data';
import { GalleryFilters, galleryFilter, gallerySearch, type GalleryFilterValues } from './GalleryFilters';
import { GalleryGrid } from './GalleryGrid';
import { IpCard } from './IpCard';

const PAGE_SIZE = 12;

/** designer/gallery2: approved secondary IPs of every designer, each naming its designer with a link to their page. */
export function SecondaryGalleryView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const { tags, byKey } = useTags();
  const [filters, setFilters] = useState<GalleryFilterValues>({ search: '', tag: '' });
  const deferred = useDeferredValue(filters);
  const pages = useCursorPages<Row>('IP', {
    filter: { kind: 'secondary', state: 'approved', ...galleryFilter(deferred) },
    ...gallerySearch(deferred),
    sort: { dateUpdated: -1 },
    limit: PAGE_SIZE,
  });
  const designerNames = useDesignerNames(pages.items.map((ip) => String(ip.designer ?? '')).filter(Boolean));
  const filtered = Boolean(deferred.search.trim() || deferred.tag);

  return (
    <section data-testid="designer-gallery2">
      <h1 className="h3 mb-2">{title}</h1>
      <p className="text-muted">{t('gallery2.intro')}</p>
      <GalleryFilters values={filters} tags={tags} onChange={setFilters} />
      <GalleryGrid
        items={pages.items}
        loading={pages.data === undefined && !pages.error}
        failed={pages.data === null}
        empty={filtered ? t('gallery.noMatch') : t('gallery2.empty')}
        page={pages.page}
        hasPrevious={pages.hasPrevious}
        hasNext={pages.hasNext}
        onPrevious={pages.previous}
        onNext={pages.next}
        renderCard={(ip, first) => {
          const designerKey = typeof ip.designer === 'string' ? ip.designer : '';
          const description = typeof ip.description === 'string' ? ip.description : '';
          return (
            <IpCard ip={ip} tags={byKey} isPublic={false} priority={first}>
              {description && <p className="small text-muted mb-0">{truncate(description, 80)}</p>}
              <div className="small mt-auto" data-testid="ip-card-designer">
                <span className="text-muted">{t('gallery2.by')} </span>
                {designerKey ? (
                  <Link href={`/${lang}/designer/${designerKey}`} data-testid="ip-card-designer-link">
                    {designerNames.get(designerKey) ?? t('gallery2.unknownDesigner')}
                  </Link>
                ) : (
                  t('gallery2.unknownDesigner')
                )}
              </div>
            </IpCard>
          );
        }}
      />
    </section>
  );
}
