import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/page/withPage';
import { createEntity, useEntitySchema } from '@/lib/client/entities';
import { takeStep } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { addCategories, CategoryInput } from './CategoryInput';
import { changeIpTag, tagName, useRefreshEntity, useTags, useToken } from './data';
import { ImagePicker } from './ImagePicker';
import { TagPicker } from './TagPicker';
import type { IpImage, IpRecord } from './types';

/** The first message reported for a field or anything inside it (`images.0.hash` belongs to `images`). */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

const FIELDS = ['name', 'description', 'guidelines', 'categories', 'images', 'kind'];

/** holder/primary: a new primary IP saved as a draft, then published now or later (SPEC §2). */
export function PrimaryIpForm({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const router = useRouter();
  const token = useToken();
  const refresh = useRefreshEntity();
  const schema = useEntitySchema('IP');
  const { tags, byKey } = useTags();

  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [guidelines, setGuidelines] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [categoryDraft, setCategoryDraft] = useState('');
  const [images, setImages] = useState<IpImage[]>([]);
  const [tagKeys, setTagKeys] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<IpRecord | null>(null);
  const [publishing, setPublishing] = useState(false);

  const clearError = (field: string) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`))),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || uploading || saved) return;
    if (!schema.data) {
      setGeneral(t('form.schemaMissing'));
      return;
    }
    const allCategories = addCategories(categories, categoryDraft);
    setCategories(allCategories);
    setCategoryDraft('');
    setPending(true);
    setGeneral(null);
    const result = await createEntity<IpRecord>(
      'IP',
      {
        name,
        kind: 'primary',
        description,
        guidelines,
        categories: allCategories,
        images: images.map(({ hash, name: fileName, mime }) => ({ hash, name: fileName, mime })),
      },
      schema.data,
      lang,
      token,
    );
    if (result.status !== 0 || !result.data) {
      setPending(false);
      setErrors(result.errors);
      const elsewhere = Object.entries(result.errors).filter(
        ([key]) => !FIELDS.some((f) => key === f || key.startsWith(`${f}.`)),
      );
      setGeneral(
        elsewhere.length
          ? elsewhere.map(([, message]) => message).join(' ')
          : Object.keys(result.errors).length
            ? null
            : t('form.saveFailed'),
      );
      return;
    }
    const ip = result.data;
    // Tags are attached by the tag routes once the IP exists (the body may not carry them).
    const failed: string[] = [];
    for (const key of tagKeys) {
      const answer = await changeIpTag('assign', key, ip.key, token);
      if (!answer.ok) failed.push(byKey.get(key) ? tagName(byKey.get(key)!, lang) : key);
    }
    if (failed.length) setGeneral(t('form.tagFailed', { names: failed.join(', ') }));
    setErrors({});
    setPending(false);
    setSaved(ip);
    void refresh('IP');
  };

  const publishNow = async () => {
    if (!saved) return;
    setPublishing(true);
    const answer = await takeStep('IP', saved.key, 'publish', undefined, token);
    if (answer.status !== 0) {
      setPublishing(false);
      setGeneral(t('detail.failed', { reason: answer.message ?? Object.values(answer.errors)[0] ?? t('detail.noReason') }));
      return;
    }
    await refresh('IP');
    await router.push(`/${lang}/holder/ip`);
  };

  const locked = pending || Boolean(saved);
  return (
    <section data-testid="primary-ip-form" style={{ maxWidth: 820 }}>
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-muted">{t('form.intro')}</p>
      {general && (
        <Alert variant="danger" data-testid="primary-ip-general-error">
          {general}
        </Alert>
      )}
      {saved && (
        <Alert variant="success" data-testid="primary-ip-saved">
          <p className="mb-2">{t('form.saved', { name: saved.name })}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={() => void publishNow()} disabled={publishing} data-testid="primary-ip-publish-now">
              {publishing && <Spinner size="sm" className="me-2" />}
              {t('form.publishNow')}
            </Button>
            <Link href={`/${lang}/holder/ip`} className="btn btn-outline-secondary" data-testid="primary-ip-later">
              {t('form.later')}
            </Link>
          </div>
        </Alert>
      )}
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Form.Group className="mb-3" controlId="ip-name">
          <Form.Label>
            {t('form.name')} <span className="text-danger">*</span>
          </Form.Label>
          <Form.Control
            value={name}
            disabled={locked}
            isInvalid={Boolean(errors.name)}
            maxLength={200}
            required
            onChange={(e) => {
              setName(e.target.value);
              clearError('name');
            }}
            data-testid="ip-name-input"
          />
          <Form.Control.Feedback type="invalid" data-testid="ip-name-error">
            {errors.name}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="ip-description">
          <Form.Label>{t('form.description')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={description}
            disabled={locked}
            isInvalid={Boolean(errors.description)}
            onChange={(e) => {
              setDescription(e.target.value);
              clearError('description');
            }}
            data-testid="ip-description-input"
          />
          <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="ip-guidelines">
          <Form.Label>{t('form.guidelines')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            value={guidelines}
            disabled={locked}
            isInvalid={Boolean(errors.guidelines)}
            aria-describedby="ip-guidelines-help"
            onChange={(e) => {
              setGuidelines(e.target.value);
              clearError('guidelines');
            }}
            data-testid="ip-guidelines-input"
          />
          <Form.Text id="ip-guidelines-help" muted>
            {t('form.guidelinesHelp')}
          </Form.Text>
          <Form.Control.Feedback type="invalid">{errors.guidelines}</Form.Control.Feedback>
        </Form.Group>
        <CategoryInput
          values={categories}
          draft={categoryDraft}
          disabled={locked}
          error={errorFor(errors, 'categories')}
          onChange={(values, draft) => {
            setCategories(values);
            setCategoryDraft(draft);
            clearError('categories');
          }}
        />
        <ImagePicker
          images={images}
          token={token}
          disabled={locked}
          error={errorFor(errors, 'images')}
          onBusy={setUploading}
          onChange={(next) => {
            setImages(next);
            clearError('images');
          }}
        />
        <TagPicker tags={tags} selected={tagKeys} onChange={setTagKeys} disabled={locked} />
        {!saved && (
          <div className="d-flex gap-2">
            <Button type="submit" disabled={pending || uploading || !schema.data} data-testid="primary-ip-save">
              {pending && <Spinner size="sm" className="me-2" />}
              {t(pending ? 'form.saving' : 'form.save')}
            </Button>
            <Link href={`/${lang}/holder/ip`} className="btn btn-outline-secondary">
              {t('form.cancel')}
            </Link>
          </div>
        )}
      </Form>
    </section>
  );
}
