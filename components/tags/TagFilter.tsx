import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { SearchFilterBar, useSettled, type FilterChoice, type FilterWidth } from '@/components/kit/form/SearchFilterBar';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../ip/data';
import type { TagRecord } from '../ip/types';
import { TagBadge } from './TagBadge';

/**
 * The tag filter of a list of tagged records (IPs, products, organisations): every tag by its name
 * in the page language, or all of them. Lists send the chosen key as `filter: { tags }`.
 */
export function useTagChoice(
  tags: TagRecord[],
  { label, all, testId, width }: { label?: string; all?: string; testId: string; width?: FilterWidth },
): FilterChoice[] {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  if (tags.length === 0) return [];
  return [
    {
      name: 'tag',
      label: label ?? t('tags.filter'),
      all: all ?? t('tags.all'),
      options: tags.map((tag) => ({ value: tag.key, label: tagName(tag, lang) })),
      testId,
      width,
    },
  ];
}

interface SearchAndTag {
  search: string;
  tag: string;
}

/**
 * A list's search box (a reference or a name, reported once typing pauses, for the query's `q`)
 * and its tag filter, when there are tags to choose.
 */
export function SearchTagFilters({
  tags,
  onSearch,
  onTag,
  searchTestId = 'record-search',
  tagTestId,
}: {
  tags: TagRecord[];
  onSearch(q: string): void;
  onTag(tag: string): void;
  searchTestId?: string;
  tagTestId: string;
}) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState<SearchAndTag>({ search: '', tag: '' });
  const choices = useTagChoice(tags, { testId: tagTestId, width: { md: 3 } });
  const q = useSettled(values.search).trim();
  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  }, [onSearch]);
  useEffect(() => report.current(q), [q]);
  return (
    <SearchFilterBar
      values={values}
      onChange={(next) => {
        setValues(next);
        if (next.tag !== values.tag) onTag(next.tag);
      }}
      search={{
        name: 'search',
        label: t('search.label'),
        placeholder: t('search.placeholder'),
        testId: searchTestId,
        width: { md: 5 },
      }}
      choices={choices}
    />
  );
}

/** A record's tags as pills in their colours, named in the page language; keys of tags gone are left out. */
export function TagList({
  keys,
  byKey,
  testId,
}: {
  keys: unknown;
  byKey: Map<string, TagRecord>;
  /** The test id of each pill, or of the pill of one tag. */
  testId: string | ((tag: TagRecord) => string);
}) {
  const { lang } = useShell();
  const known = (Array.isArray(keys) ? (keys as string[]) : []).flatMap((key) => {
    const tag = byKey.get(key);
    return tag ? [tag] : [];
  });
  if (known.length === 0) return null;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {known.map((tag) => (
        <TagBadge
          key={tag.key}
          color={tag.color}
          label={tagName(tag, lang)}
          testId={typeof testId === 'string' ? testId : testId(tag)}
        />
      ))}
    </span>
  );
}
