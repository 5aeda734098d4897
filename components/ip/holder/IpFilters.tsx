import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../data';
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
  const { lang } = useShell();
  const set = (patch: Partial<IpFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3" data-testid="ip-filters">
      <Row className="g-2 align-items-end">
        <Col xs={12} md={4}>
          <Form.Label htmlFor="ip-search" className="small mb-1">
            {t('list.search')}
          </Form.Label>
          <Form.Control
            id="ip-search"
            type="search"
            value={values.search}
            placeholder={t('list.searchPlaceholder')}
            onChange={(e) => set({ search: e.target.value })}
            data-testid="ip-search"
          />
        </Col>
        <Col xs={6} md={2}>
          <Form.Label htmlFor="ip-kind" className="small mb-1">
            {t('list.kind')}
          </Form.Label>
          <Form.Select
            id="ip-kind"
            value={values.kind}
            onChange={(e) => set({ kind: e.target.value as IpFilterValues['kind'] })}
            data-testid="ip-filter-kind"
          >
            <option value="">{t('list.all')}</option>
            <option value="primary">{t('kind.primary')}</option>
            <option value="secondary">{t('kind.secondary')}</option>
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Label htmlFor="ip-state" className="small mb-1">
            {t('list.state')}
          </Form.Label>
          <Form.Select
            id="ip-state"
            value={values.state}
            onChange={(e) => set({ state: e.target.value })}
            data-testid="ip-filter-state"
          >
            <option value="">{t('list.all')}</option>
            {IP_STATES.map((state) => (
              <option key={state} value={state}>
                {tf(`state.${state}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Label htmlFor="ip-tag" className="small mb-1">
            {t('list.tag')}
          </Form.Label>
          <Form.Select id="ip-tag" value={values.tag} onChange={(e) => set({ tag: e.target.value })} data-testid="ip-filter-tag">
            <option value="">{t('list.all')}</option>
            {tags.map((tag) => (
              <option key={tag.key} value={tag.key}>
                {tagName(tag, lang)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} md={2}>
          <Form.Label htmlFor="ip-sort" className="small mb-1">
            {t('list.sort')}
          </Form.Label>
          <Form.Select
            id="ip-sort"
            value={values.sort}
            onChange={(e) => set({ sort: e.target.value as SortName })}
            data-testid="ip-sort"
          >
            {(Object.keys(SORTS) as SortName[]).map((name) => (
              <option key={name} value={name}>
                {t(`sort.${name}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
    </Form>
  );
}

/** The query filter for the chosen values; the search text only once it has settled. */
/** The field conditions of the filters; the search text goes to the query's `q` (reference or names). */
export function filterOf(values: IpFilterValues): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (values.kind) filter.kind = values.kind;
  if (values.state) filter.state = values.state;
  if (values.tag) filter.tags = values.tag;
  return filter;
}
