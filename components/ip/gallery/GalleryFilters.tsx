import { useTranslation } from 'next-i18next/pages';
import { SearchFilterBar } from '@/components/kit/form/SearchFilterBar';
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

/**
 * Search by name (case-insensitive) and narrow by tag. The designer's galleries and the licensee's
 * share it; the licensee's page gives its own words.
 */
export function GalleryFilters({
  values,
  tags,
  onChange,
  texts,
}: {
  values: GalleryFilterValues;
  tags: TagRecord[];
  onChange(values: GalleryFilterValues): void;
  texts?: GalleryFilterTexts;
}) {
  const { t } = useTranslation('designer');
  const words = texts ?? {
    search: t('gallery.search'),
    placeholder: t('gallery.searchPlaceholder'),
    tag: t('gallery.tag'),
    allTags: t('gallery.allTags'),
  };
  const choices = useTagChoice(tags, { label: words.tag, all: words.allTags, testId: 'gallery-tag', width: { md: 4 } });
  return (
    <SearchFilterBar
      values={values}
      onChange={onChange}
      search={{
        name: 'search',
        label: words.search,
        placeholder: words.placeholder,
        testId: 'gallery-search',
      }}
      choices={choices}
      testId="gallery-filters"
    />
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
