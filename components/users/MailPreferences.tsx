import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { MultiSelectField } from '@/components/kit/form/MultiSelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useShell } from '@/lib/client/settings-context';
import { MAIL_KIND_LABEL, MAIL_KINDS, type MailKind } from '@/lib/server/notify/mail-kinds';
import { useProfileCaller, type OwnProfile } from './profile-api';

interface MailValues {
  /** The kinds mailed (the server keeps the ones turned off). */
  mailed: MailKind[];
  /** ['digest'] for one mail a day. */
  digest: string[];
}

/**
 * Which kinds of notification are mailed as well as shown in the bell: each on unless the person
 * turned it off; and whether they come one by one or as one mail a day (the daily digest). The bell keeps every notification whatever is chosen here.
 */
export function MailPreferences({ original, onSaved }: { original: OwnProfile; onSaved(): unknown }) {
  const { t } = useTranslation('profile');
  const { lang } = useShell();
  const { core, token } = useProfileCaller();
  const off = new Set(original.mail_off ?? []);
  const form = useForm<MailValues>({
    defaultValues: { mailed: MAIL_KINDS.filter((kind) => !off.has(kind)), digest: original.mail_digest ? ['digest'] : [] },
  });
  // What was saved is said until the person changes something again.
  const snapshot = JSON.stringify(useWatch({ control: form.control }));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const saved = savedAt === snapshot;

  const save = async ({ mailed, digest }: MailValues) => {
    const answer = await core.POST('/api/core/users/profile/update', {
      token,
      body: { mail_off: MAIL_KINDS.filter((kind) => !mailed.includes(kind)), mail_digest: digest.includes('digest') },
    });
    if (answer?.status !== 0) {
      showServerErrors(form, {}, t('saveFailed'));
      return;
    }
    setSavedAt(snapshot);
    await onSaved();
  };

  return (
    <Card className="mb-4" data-testid="mail-preferences">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('mail.title')}
        </Card.Title>
        <Form form={form} onSubmit={save}>
          <MultiSelectField
            name="mailed"
            label={t('mail.intro')}
            inline={false}
            options={MAIL_KINDS.map((kind) => ({ value: kind, label: MAIL_KIND_LABEL[kind][lang] }))}
            testId="mail-kind"
          />
          <MultiSelectField
            name="digest"
            label={t('mail.delivery')}
            help={t('mail.digestHelp')}
            inline={false}
            options={[{ value: 'digest', label: t('mail.digest') }]}
            testId="mail"
          />
          {saved && (
            <Alert variant="success" className="py-2 mt-2 small" data-testid="mail-saved">
              {t('mail.saved')}
            </Alert>
          )}
          <SubmitButton testId="mail-save">{t('mail.save')}</SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
