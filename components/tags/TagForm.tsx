import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { saveEntity } from '@/lib/client/entity-save';
import { useRefreshEntity, useToken } from '../ip/data';
import type { TagRecord } from '../ip/types';

export const DEFAULT_TAG_COLOR = '#0d6efd';

interface TagValues {
  name_jp: string;
  name_en: string;
  color: string;
  version?: number;
}

/**
 * A tag's names in both languages and its colour: a new tag, or one changed with its version (a
 * change made meanwhile by someone else is refused and the list reloads).
 */
export function TagForm({
  tag,
  onSaved,
  onCancel,
}: {
  tag?: TagRecord;
  onSaved: (tag: TagRecord) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('holder-ip');
  const token = useToken();
  const refresh = useRefreshEntity();
  const prefix = tag ? 'tag-edit' : 'tag-new';
  const initial = (): TagValues => ({
    name_jp: tag?.name_jp ?? '',
    name_en: tag?.name_en ?? '',
    color: tag?.color ?? DEFAULT_TAG_COLOR,
    ...(tag ? { version: tag.version } : {}),
  });
  const form = useEntityForm<TagValues>('Tag', tag ? 'patch' : 'create', initial());

  const submit = async (values: TagValues) => {
    const result = await saveEntity<TagRecord>('Tag', { ...values }, { key: tag?.key, token });
    if (result.status !== 0 || !result.data) {
      // A second tag with the same English name breaks a unique index: said under that name.
      if (result.status === 4) form.setError('name_en', { type: 'server', message: t('tags.duplicate') });
      else showServerErrors(form, result.errors, t('tags.saveFailed'));
      if (result.errors.version) void refresh('Tag');
      return;
    }
    await refresh('Tag');
    if (!tag) form.reset(initial());
    onSaved(result.data);
  };

  return (
    <Form form={form} onSubmit={submit} testId={`${prefix}-form`}>
      <Row className="g-2 align-items-start">
        <Col xs={12} md={4}>
          <TextField name="name_jp" label={t('tags.nameJp')} required maxLength={60} testId={`${prefix}-name-jp`} />
        </Col>
        <Col xs={12} md={4}>
          <TextField name="name_en" label={t('tags.nameEn')} required maxLength={60} testId={`${prefix}-name-en`} />
        </Col>
        <Col xs={6} md={2}>
          <TextField name="color" label={t('tags.color')} type="color" testId={`${prefix}-color`} />
        </Col>
        <Col xs={6} md={2} className="d-flex gap-2 align-items-end pt-md-4">
          <SubmitButton testId={tag ? 'tag-save' : 'tag-create'}>{tag ? t('tags.save') : t('tags.create')}</SubmitButton>
          {onCancel && (
            <Button variant="outline-secondary" onClick={onCancel}>
              {t('tags.cancel')}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
