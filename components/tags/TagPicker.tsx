import Link from 'next/link';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { MultiSelectField } from '@/components/kit/form/MultiSelectField';
import { useFollowingForm } from '@/components/kit/form/SearchFilterBar';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../ip/data';
import { TagBadge } from './TagBadge';
import type { TagRecord } from '../ip/types';

interface TagPickerProps {
  tags: TagRecord[];
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}

/**
 * Existing tags as check boxes showing each tag's badge. The tags are not part of the record's
 * body (the tag routes attach them once it exists), so they are a small form of their own inside
 * the record's form, without a <form> element of their own.
 */
export function TagPicker({ tags, selected, onChange, disabled }: TagPickerProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const form = useFollowingForm<{ tags: string[] }>({ tags: selected }, (values) => onChange(values.tags));
  return (
    <FormProvider {...form}>
      <fieldset disabled={disabled} data-testid="ip-tag-picker">
        <MultiSelectField
          name="tags"
          label={t('form.tags')}
          options={tags.map((tag) => ({ value: tag.key, label: <TagBadge color={tag.color} label={tagName(tag, lang)} /> }))}
          help={
            tags.length === 0 ? (
              <>
                {t('form.noTags')} <Link href={`/${lang}/holder/tags-admin`}>{t('form.tagsAdminLink')}</Link>
              </>
            ) : undefined
          }
          testId="ip-tag-choice"
        />
      </fieldset>
    </FormProvider>
  );
}
