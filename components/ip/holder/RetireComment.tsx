import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { useFollowingForm } from '@/components/kit/form/SearchFilterBar';
import { TextField } from '@/components/kit/form/TextField';

interface RetireCommentProps {
  initial: string;
  error?: string;
  onChange: (value: string) => void;
}

interface RetireValues {
  comment: string;
}

/**
 * The comment a retirement needs, typed inside the shared form dialog (whose OK button is outside
 * this form: the dialog asks again, with the message, while the comment is empty).
 */
export function RetireComment({ initial, error, onChange }: RetireCommentProps) {
  const { t } = useTranslation('holder-ip');
  const form = useFollowingForm<RetireValues>({ comment: initial }, (values) => onChange(values.comment));
  useEffect(() => {
    if (error) form.setError('comment', { type: 'required', message: error });
  }, [error, form]);
  // The dialog opens on the comment, as the one thing to type.
  useEffect(() => form.setFocus('comment'), [form]);
  return (
    <Form form={form} onSubmit={() => undefined}>
      <p>{t('detail.retireBody')}</p>
      <TextField name="comment" label={t('detail.comment')} required rows={4} className="mb-0" testId="retire-comment" />
    </Form>
  );
}
