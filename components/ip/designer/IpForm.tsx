import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { changeIpTag, tagName, useTags } from '@/components/ip/data';
import { TagPicker } from '@/components/tags/TagPicker';
import { Form } from '@/components/kit/form/Form';
import { ImagesField, type ImageRef } from '@/components/kit/form/ImagesField';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import { saveEntity } from '@/lib/client/entity-save';
import type { PermittedIp } from './usePermits';

interface IpValues {
  kind?: 'secondary';
  designer?: string;
  parent?: string;
  name: string;
  description: string;
  images: ImageRef[];
  version?: number;
}

/**
 * Creates a secondary IP from a permitted primary IP, or edits a draft (name, description,
 * images). The server refuses a parent without an approved permit; its message shows under it.
 */
export function IpForm({
  designerKey,
  permitted,
  record,
  onSaved,
  onCancel,
}: {
  designerKey: string;
  permitted: PermittedIp[];
  /** The draft being edited; none when creating. */
  record?: Row;
  onSaved(record: Row): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('designer-ip');
  const { lang } = useShell();
  const { data: session } = useSession();
  const editing = Boolean(record);
  const form = useEntityForm<IpValues>('IP', editing ? 'patch' : 'create', {
    ...(editing
      ? typeof record?.version === 'number'
        ? { version: record.version }
        : {}
      : { kind: 'secondary', designer: designerKey, parent: '' }),
    name: text(record?.name),
    description: text(record?.description),
    images: imagesOf(record),
  });
  const [uploading, setUploading] = useState(false);
  const { tags, byKey } = useTags();
  const initialTags = Array.isArray(record?.tags) ? (record.tags as unknown[]).map(text) : [];
  // Tags go through the tag routes once the IP exists (a body may not carry them).
  const [tagKeys, setTagKeys] = useState<string[]>(initialTags);
  const [tagFailure, setTagFailure] = useState<string | null>(null);

  const syncTags = async (ipKey: string, token?: string): Promise<boolean> => {
    const failedNames: string[] = [];
    const changes: ['assign' | 'revoke', string][] = [
      ...tagKeys.filter((k) => !initialTags.includes(k)).map((k) => ['assign', k] as ['assign', string]),
      ...initialTags.filter((k) => !tagKeys.includes(k)).map((k) => ['revoke', k] as ['revoke', string]),
    ];
    for (const [change, key] of changes) {
      const answer = await changeIpTag(change, key, ipKey, token);
      if (!answer.ok) failedNames.push(byKey.get(key) ? tagName(byKey.get(key)!, lang) : key);
    }
    setTagFailure(failedNames.length ? t('form.tagFailed', { names: failedNames.join(', ') }) : null);
    return failedNames.length === 0;
  };

  const submit = async (values: IpValues) => {
    const token = session?.accessToken;
    // A description emptied while editing is cleared, not left as it was.
    const body = editing && !values.description ? { ...values, description: null } : { ...values };
    const result = await saveEntity<Row>('IP', body, { key: record ? text(record.key) : undefined, token });
    if (result.status !== 0 || !result.data) {
      showServerErrors(form, result.errors, t('saveFailed'));
      return;
    }
    if (await syncTags(text(result.data.key), token)) onSaved({ ...result.data, tags: tagKeys });
  };

  const parentName = permitted.find((p) => p.key === record?.parent)?.name;
  return (
    <Form form={form} onSubmit={submit} testId={editing ? 'ip-edit-form' : 'ip-create-form'}>
      {editing ? (
        <p className="mb-3">
          <span className="text-muted me-2">{t('form.parent')}</span>
          {parentName ?? text(record?.parent)}
        </p>
      ) : (
        <SelectField
          name="parent"
          label={t('form.parent')}
          required
          placeholder={t('form.parentChoose')}
          options={permitted.map((ip) => ({ value: ip.key, label: ip.name }))}
          help={
            permitted.length === 0 ? (
              <span data-testid="ip-no-permits">
                {t('form.noPermits')} <Link href={`/${lang}/designer/usage`}>{t('form.usageLink')}</Link>
              </span>
            ) : undefined
          }
          testId="ip-parent"
        />
      )}
      <TextField name="name" label={t('form.name')} required maxLength={200} testId="ip-name" />
      <TextField name="description" label={t('form.description')} rows={4} testId="ip-description" />
      <ImagesField
        name="images"
        label={t('form.images')}
        help={t('images.hint')}
        testId="ip-images"
        previewTestId="ip-image"
        onBusy={setUploading}
      />
      {tags.length > 0 && <TagPicker tags={tags} selected={tagKeys} onChange={setTagKeys} />}
      {tagFailure && (
        <Alert variant="warning" className="py-2" data-testid="ip-tag-error">
          {tagFailure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <SubmitButton disabled={uploading} pending={t('saving')} testId="ip-save">
          {editing ? t('form.saveChanges') : t('form.create')}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel} data-testid="ip-cancel">
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
