import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { ChipsField } from '@/components/kit/form/ChipsField';
import { Form } from '@/components/kit/form/Form';
import { ImagesField } from '@/components/kit/form/ImagesField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useEntityForm } from '@/components/kit/form/use-entity-form';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { saveEntity } from '@/lib/client/entity-save';
import { takeStep } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { changeIpTag, tagName, useRefreshEntity, useTags, useToken } from '../data';
import { TagPicker } from '../../tags/TagPicker';
import type { IpImage, IpRecord } from '../types';

interface PrimaryValues {
  name: string;
  kind: 'primary';
  description: string;
  guidelines: string;
  categories: string[];
  images: IpImage[];
}

/** holder/primary: a new primary IP saved as a draft, then published now or later (SPEC §2). */
export function PrimaryIpForm({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const router = useRouter();
  const token = useToken();
  const refresh = useRefreshEntity();
  const { tags, byKey } = useTags();
  const form = useEntityForm<PrimaryValues>('IP', 'create', {
    name: '',
    kind: 'primary',
    description: '',
    guidelines: '',
    categories: [],
    images: [],
  });
  // Tags are not part of the IP body: the tag routes attach them once the IP exists.
  const [tagKeys, setTagKeys] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saved, setSaved] = useState<IpRecord | null>(null);
  const [publishing, setPublishing] = useState(false);

  const submit = async (values: PrimaryValues) => {
    if (saved) return;
    setNotice(null);
    const result = await saveEntity<IpRecord>('IP', { ...values }, { token });
    if (result.status !== 0 || !result.data) {
      showServerErrors(form, result.errors, t('form.saveFailed'));
      return;
    }
    const ip = result.data;
    const failed: string[] = [];
    for (const key of tagKeys) {
      const answer = await changeIpTag('assign', key, ip.key, token);
      if (!answer.ok) failed.push(byKey.get(key) ? tagName(byKey.get(key)!, lang) : key);
    }
    if (failed.length) setNotice(t('form.tagFailed', { names: failed.join(', ') }));
    setSaved(ip);
    void refresh('IP');
  };

  const publishNow = async () => {
    if (!saved) return;
    setPublishing(true);
    const answer = await takeStep('IP', saved.key, 'publish', undefined, token);
    if (answer.status !== 0) {
      setPublishing(false);
      setNotice(t('detail.failed', { reason: answer.message ?? Object.values(answer.errors)[0] ?? t('detail.noReason') }));
      return;
    }
    await refresh('IP');
    await router.push(`/${lang}/holder/ip`);
  };

  return (
    <section data-testid="primary-ip-form" style={{ maxWidth: 820 }}>
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-muted">{t('form.intro')}</p>
      {notice && (
        <Alert variant="danger" data-testid="primary-ip-general-error">
          {notice}
        </Alert>
      )}
      {saved && (
        <Alert variant="success" data-testid="primary-ip-saved">
          <p className="mb-2">{t('form.saved', { name: saved.name })}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={() => void publishNow()} disabled={publishing} data-testid="primary-ip-publish-now">
              {publishing && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('form.publishNow')}
            </Button>
            <Link href={`/${lang}/holder/ip`} className="btn btn-outline-secondary" data-testid="primary-ip-later">
              {t('form.later')}
            </Link>
          </div>
        </Alert>
      )}
      <Form form={form} onSubmit={submit} testId="primary-ip">
        <fieldset disabled={Boolean(saved)}>
          <TextField name="name" label={t('form.name')} required maxLength={200} testId="ip-name-input" />
          <TextField name="description" label={t('form.description')} rows={3} testId="ip-description-input" />
          <TextField
            name="guidelines"
            label={t('form.guidelines')}
            help={t('form.guidelinesHelp')}
            rows={6}
            testId="ip-guidelines-input"
          />
          <ChipsField
            name="categories"
            label={t('form.categories')}
            help={t('form.categoriesHelp')}
            placeholder={t('form.categoriesPlaceholder')}
            testId="ip-categories-input"
          />
          <ImagesField
            name="images"
            label={t('form.images')}
            help={t('form.imagesHelp', { max: 20 })}
            public
            testId="ip-images"
            previewTestId="ip-image-preview"
            onBusy={setUploading}
          />
          <TagPicker tags={tags} selected={tagKeys} onChange={setTagKeys} disabled={Boolean(saved)} />
        </fieldset>
        {!saved && (
          <div className="d-flex gap-2">
            <SubmitButton disabled={uploading} pending={t('form.saving')} testId="primary-ip-save">
              {t('form.save')}
            </SubmitButton>
            <Link href={`/${lang}/holder/ip`} className="btn btn-outline-secondary">
              {t('form.cancel')}
            </Link>
          </div>
        )}
      </Form>
    </section>
  );
}
