import Form from 'react-bootstrap/Form';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../ip/data';
import { TagBadge } from './TagBadge';
import type { TagRecord } from '../ip/types';

interface TagPickerProps {
  tags: TagRecord[];
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  error?: string;
}

/** Existing tags as check boxes showing each tag's badge. */
export function TagPicker({ tags, selected, onChange, disabled, error }: TagPickerProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  return (
    <fieldset className="mb-3" data-testid="ip-tag-picker">
      <legend className="form-label fs-6 mb-1">{t('form.tags')}</legend>
      {tags.length === 0 ? (
        <p className="small text-muted mb-0">
          {t('form.noTags')} <Link href={`/${lang}/holder/tags-admin`}>{t('form.tagsAdminLink')}</Link>
        </p>
      ) : (
        <div className="d-flex flex-wrap gap-3">
          {tags.map((tag) => (
            <Form.Check
              key={tag.key}
              id={`ip-tag-choice-${tag.key}`}
              type="checkbox"
              disabled={disabled}
              checked={selected.includes(tag.key)}
              onChange={(e) => onChange(e.target.checked ? [...selected, tag.key] : selected.filter((key) => key !== tag.key))}
              label={<TagBadge color={tag.color} label={tagName(tag, lang)} />}
              data-testid={`ip-tag-choice-${tag.key}`}
            />
          ))}
        </div>
      )}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
