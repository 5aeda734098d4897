import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import type { Envelope } from '@/lib/client/fetcher';
import { CreateCard, createSubmit } from '../CreateCard';
import { EventsField } from './EventsField';
import type { IssuedWebhookSecret, WebhookCreateValues } from './webhooks-api';

const EMPTY: WebhookCreateValues = { url: '', description: '', events: [] };

/** A new endpoint: where to send, what it is for, and which changes it is told of. */
export function CreateWebhook({
  onCreate,
}: {
  onCreate: (values: WebhookCreateValues) => Promise<Envelope<IssuedWebhookSecret> | null>;
}) {
  const { t } = useTranslation('webhooks');
  const form = useSchemaForm<WebhookCreateValues>(
    () => import('@/lib/server/webhooks/input').then((m) => m.webhookEndpointCreateInput),
    EMPTY,
  );
  return (
    <CreateCard testId="hook-create" title={t('create.title')} intro={t('create.intro')}>
      <Form form={form} onSubmit={createSubmit(form, EMPTY, onCreate, t('create.failed'))} testId="hook-create-form">
        <TextField
          name="url"
          label={t('create.url')}
          help={t('create.urlHelp')}
          required
          maxLength={2000}
          type="url"
          testId="hook-url"
        />
        <TextField
          name="description"
          label={t('create.description')}
          help={t('create.descriptionHelp')}
          maxLength={200}
          testId="hook-description"
        />
        <EventsField name="events" label={t('create.events')} help={t('create.eventsHelp')} testId="hook-events" />
        <SubmitButton testId="hook-create-submit">{t('create.submit')}</SubmitButton>
      </Form>
    </CreateCard>
  );
}
