import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../ip/data';
import type { TagRecord } from '../ip/types';
import { TagBadge } from './TagBadge';

/**
 * The tag filter of a list of tagged records (IPs, products, organisations): every tag by its name
 * in the page language, or all of them. Lists send the chosen key as `filter: { tags }`.
 */
export function TagFilter({
  tags,
  value,
  onChange,
  testId,
}: {
  tags: TagRecord[];
  value: string;
  onChange: (key: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const { lang } = useShell();
  if (tags.length === 0) return null;
  return (
    <Form.Select
      size="sm"
      style={{ maxWidth: 240 }}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t('tags.filter')}
      data-testid={testId}
    >
      <option value="">{t('tags.all')}</option>
      {tags.map((one) => (
        <option key={one.key} value={one.key}>
          {tagName(one, lang)}
        </option>
      ))}
    </Form.Select>
  );
}

/** A record's tags as pills in their colours, named in the page language; keys of tags gone are left out. */
export function TagList({ keys, byKey, testId }: { keys: unknown; byKey: Map<string, TagRecord>; testId: string }) {
  const { lang } = useShell();
  const known = (Array.isArray(keys) ? (keys as string[]) : []).flatMap((key) => {
    const tag = byKey.get(key);
    return tag ? [tag] : [];
  });
  if (known.length === 0) return null;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {known.map((tag) => (
        <TagBadge key={tag.key} color={tag.color} label={tagName(tag, lang)} testId={testId} />
      ))}
    </span>
  );
}
