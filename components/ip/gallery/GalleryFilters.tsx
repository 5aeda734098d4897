import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { tagName } from '@/components/ip/data';
import type { TagRecord } from '@/components/ip/types';
import { useShell } from '@/lib/client/settings-context';

export interface GalleryFilterValues {
  search: string;
  tag: string;
}

/** Search by name (case-insensitive) and narrow by tag. */
export function GalleryFilters({
  values,
  tags,
  onChange,
}: {
  values: GalleryFilterValues;
  tags: TagRecord[];
  onChange(values: GalleryFilterValues): void;
}) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  return (
    <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3" data-testid="gallery-filters">
      <Row className="g-2 align-items-end">
        <Col xs={12} md={6}>
          <Form.Label htmlFor="gallery-search" className="small mb-1">
            {t('gallery.search')}
          </Form.Label>
          <Form.Control
            id="gallery-search"
            type="search"
            value={values.search}
            placeholder={t('gallery.searchPlaceholder')}
            onChange={(e) => onChange({ ...values, search: e.target.value })}
            data-testid="gallery-search"
          />
        </Col>
        <Col xs={12} md={4}>
          <Form.Label htmlFor="gallery-tag" className="small mb-1">
            {t('gallery.tag')}
          </Form.Label>
          <Form.Select
            id="gallery-tag"
            value={values.tag}
            onChange={(e) => onChange({ ...values, tag: e.target.value })}
            data-testid="gallery-tag"
          >
            <option value="">{t('gallery.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag.key} value={tag.key}>
                {tagName(tag, lang)}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
    </Form>
  );
}

/** The query's tag filter and its search (`q`: an IP's number, its name, its designer's or a tag's name). */
export function galleryFilter(values: GalleryFilterValues): Record<string, unknown> {
  return values.tag ? { tags: values.tag } : {};
}

export function gallerySearch(values: GalleryFilterValues): { q?: string } {
  const search = values.search.trim();
  return search ? { q: search } : {};
}
