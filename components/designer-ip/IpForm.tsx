import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Link from 'next/link';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { createEntity, patchEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { imagesOf, text, type ImageRef, type Row } from '@/components/approval/subject';
import { changeIpTag, tagName, useTags } from '@/components/holder-ip/data';
import { TagPicker } from '@/components/holder-ip/TagPicker';
import { ImagePicker } from './ImagePicker';
import type { PermittedIp } from './usePermits';

/** Messages the form shows in one place rather than under a field. */
function generalMessage(errors: Record<string, string>, shown: readonly string[]): string | null {
  const rest = Object.entries(errors).filter(([field]) => !shown.includes(field.split('.')[0]!));
  return rest.length ? rest.map(([, message]) => message).join(' ') : null;
}

const FIELDS = ['parent', 'name', 'description', 'images'] as const;

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
  const { data: schema } = useEntitySchema('IP', editing ? 'Patch' : 'Create');
  const [parent, setParent] = useState(text(record?.parent));
  const [name, setName] = useState(text(record?.name));
  const [description, setDescription] = useState(text(record?.description));
  const [images, setImages] = useState<ImageRef[]>(imagesOf(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const { tags, byKey } = useTags();
  const initialTags = Array.isArray(record?.tags) ? (record.tags as unknown[]).map(text) : [];
  const [tagKeys, setTagKeys] = useState<string[]>(initialTags);
  const [tagFailure, setTagFailure] = useState<string | null>(null);

  /** Tags go through the tag routes once the IP exists (a body may not carry them). */
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setPending(true);
    setFailed(false);
    const token = session?.accessToken;
    const result = record
      ? await patchEntity<Row>(
          'IP',
          text(record.key),
          {
            name,
            description: description.trim() ? description : null,
            images,
            ...(typeof record.version === 'number' ? { version: record.version } : {}),
          },
          schema,
          lang,
          token,
        )
      : await createEntity<Row>(
          'IP',
          { kind: 'secondary', designer: designerKey, parent, name, description, images },
          schema,
          lang,
          token,
        );
    setErrors(result.errors);
    if (result.status === 0 && result.data) {
      const tagged = await syncTags(text(result.data.key), token);
      setPending(false);
      if (tagged) onSaved({ ...result.data, tags: tagKeys });
      return;
    }
    setPending(false);
    if (Object.keys(result.errors).length === 0) setFailed(true);
  };

  const general = generalMessage(errors, FIELDS);
  const imageError = errors.images ?? Object.entries(errors).find(([field]) => field.startsWith('images.'))?.[1];
  const parentName = permitted.find((p) => p.key === parent)?.name;
  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid={editing ? 'ip-edit-form' : 'ip-create-form'}>
      {editing ? (
        <p className="mb-3">
          <span className="text-muted me-2">{t('form.parent')}</span>
          {parentName ?? text(record?.parent)}
        </p>
      ) : (
        <Form.Group className="mb-3" controlId="ip-parent">
          <Form.Label>{t('form.parent')}</Form.Label>
          <Form.Select
            value={parent}
            onChange={(e) => setParent(e.target.value)}
            isInvalid={Boolean(errors.parent)}
            data-testid="ip-parent"
          >
            <option value="">{t('form.parentChoose')}</option>
            {permitted.map((ip) => (
              <option key={ip.key} value={ip.key}>
                {ip.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" data-testid="ip-parent-error">
            {errors.parent}
          </Form.Control.Feedback>
          {permitted.length === 0 && (
            <Form.Text muted data-testid="ip-no-permits">
              {t('form.noPermits')} <Link href={`/${lang}/designer/usage`}>{t('form.usageLink')}</Link>
            </Form.Text>
          )}
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId="ip-name">
        <Form.Label>{t('form.name')}</Form.Label>
        <Form.Control
          value={name}
          onChange={(e) => setName(e.target.value)}
          isInvalid={Boolean(errors.name)}
          maxLength={200}
          data-testid="ip-name"
        />
        <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="ip-description">
        <Form.Label>{t('form.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          isInvalid={Boolean(errors.description)}
          data-testid="ip-description"
        />
        <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
      </Form.Group>
      <ImagePicker images={images} onChange={setImages} error={imageError} onBusy={setUploading} />
      {tags.length > 0 && <TagPicker tags={tags} selected={tagKeys} onChange={setTagKeys} disabled={pending} />}
      {tagFailure && (
        <Alert variant="warning" className="py-2" data-testid="ip-tag-error">
          {tagFailure}
        </Alert>
      )}
      {(general || failed) && (
        <Alert variant="danger" className="py-2" data-testid="ip-form-error">
          {general ?? t('saveFailed')}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={pending || uploading || !schema} data-testid="ip-save">
          {pending ? t('saving') : editing ? t('form.saveChanges') : t('form.create')}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending} data-testid="ip-cancel">
          {t('form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
