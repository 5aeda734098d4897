import { useTranslation } from 'next-i18next/pages';
import { SearchFilterBar, type FilterChoice, type FilterWidth } from '@/components/kit/form/SearchFilterBar';
import { useTagChoice } from '@/components/tags/TagFilter';
import type { TagRecord } from '@/components/ip/types';

export interface GalleryFilterValues {
  search: string;
  tag: string;
}

export interface GalleryFilterTexts {
  search: string;
  placeholder?: string;
  tag: string;
  allTags: string;
}

/** Where a bar's filters go: its test id and its search box's and tag filter's. */
export interface GalleryFilterIds {
  bar: string;
  search: string;
  tag: string;
}

const GALLERY_IDS: GalleryFilterIds = { bar: 'gallery-filters', search: 'gallery-search', tag: 'gallery-tag' };

/**
 * Search by name (case-insensitive) and narrow by tag: the filter bar of every list of IPs, in the
 * words of the page that shows it (each page loads its own namespace). The holder's list adds its
 * choices before and after the tag.
 */
export function IpFilterBar<T extends GalleryFilterValues>({
  values,
  tags,
  onChange,
  texts: words,
  ids = GALLERY_IDS,
  before = [],
  after = [],
  narrow,
}: {
  values: T;
  tags: TagRecord[];
  onChange(values: T): void;
  texts: GalleryFilterTexts;
  ids?: GalleryFilterIds;
  before?: FilterChoice[];
  after?: FilterChoice[];
  /** The width of each choice when there are several. */
  narrow?: FilterWidth;
}) {
  const tag = useTagChoice(tags, { label: words.tag, all: words.allTags, testId: ids.tag, width: narrow ?? { md: 4 } });
  const choices = [...before, ...tag, ...after];
  return (
    <SearchFilterBar
      values={values}
      onChange={onChange}
      search={{
        name: 'search',
        label: words.search,
        placeholder: words.placeholder,
        testId: ids.search,
        width: { md: choices.length > 2 ? 4 : 6 },
      }}
      choices={choices}
      testId={ids.bar}
    />
  );
}

/** The designer's galleries' filter bar, in the designer's words. */
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
  const texts = {
    search: t('gallery.search'),
    placeholder: t('gallery.searchPlaceholder'),
    tag: t('gallery.tag'),
    allTags: t('gallery.allTags'),
  };
  return <IpFilterBar values={values} tags={tags} onChange={onChange} texts={texts} />;
}

/** The query's tag filter and its search (`q`: an IP's number, its name, its designer's or a tag's name). */
export function galleryFilter(values: GalleryFilterValues): Record<string, unknown> {
  return values.tag ? { tags: values.tag } : {};
}

export function gallerySearch(values: GalleryFilterValues): { q?: string } {
  const search = values.search.trim();
  return search ? { q: search } : {};
}
