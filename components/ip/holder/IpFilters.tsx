import { useTranslation } from 'next-i18next/pages';
import type { FilterChoice } from '@/components/kit/form/SearchFilterBar';
import { IpFilterBar } from '../gallery/GalleryFilters';
import { IP_STATES, type TagRecord } from '../types';

export const SORTS = {
  newest: { dateCreated: -1 },
  oldest: { dateCreated: 1 },
  nameAsc: { name: 1 },
  nameDesc: { name: -1 },
} as const;
export type SortName = keyof typeof SORTS;

export interface IpFilterValues {
  search: string;
  kind: '' | 'primary' | 'secondary';
  state: string;
  tag: string;
  sort: SortName;
}

export const NO_FILTERS: IpFilterValues = { search: '', kind: '', state: '', tag: '', sort: 'newest' };

interface IpFiltersProps {
  values: IpFilterValues;
  tags: TagRecord[];
  onChange: (values: IpFilterValues) => void;
}

/** Search by name, narrow by kind, state and tag, and choose the order. */
export function IpFilters({ values, tags, onChange }: IpFiltersProps) {
  const { t } = useTranslation('holder-ip');
  const { t: tf } = useTranslation('flow');
  const narrow = { xs: 6, md: 2 };
  const all = t('list.all');
  const before: FilterChoice[] = [
    {
      name: 'kind',
      label: t('list.kind'),
      all,
      options: [
        { value: 'primary', label: t('kind.primary') },
        { value: 'secondary', label: t('kind.secondary') },
      ],
      testId: 'ip-filter-kind',
      width: narrow,
    },
    {
      name: 'state',
      label: t('list.state'),
      all,
      options: IP_STATES.map((state) => ({ value: state, label: tf(`state.${state}`) })),
      testId: 'ip-filter-state',
      width: narrow,
    },
  ];
  const sort: FilterChoice = {
    name: 'sort',
    label: t('list.sort'),
    options: (Object.keys(SORTS) as SortName[]).map((name) => ({ value: name, label: t(`sort.${name}`) })),
    testId: 'ip-sort',
    width: narrow,
  };
  return (
    <IpFilterBar
      values={values}
      tags={tags}
      onChange={onChange}
      texts={{ search: t('list.search'), placeholder: t('list.searchPlaceholder'), tag: t('list.tag'), allTags: all }}
      ids={{ bar: 'ip-filters', search: 'ip-search', tag: 'ip-filter-tag' }}
      before={before}
      after={[sort]}
      narrow={narrow}
    />
  );
}

/** The field conditions of the filters; the search text goes to the query's `q` (reference or names). */
export function filterOf(values: IpFilterValues): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (values.kind) filter.kind = values.kind;
  if (values.state) filter.state = values.state;
  if (values.tag) filter.tags = values.tag;
  return filter;
}
