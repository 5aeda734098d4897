import { useRef, useState } from 'react';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { showServerErrors } from '@/components/kit/form/server-errors';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';
import { decideReview, type Decision } from '@/lib/client/flow';

const DECISIONS: { decision: Decision; variant: string }[] = [
  { decision: 'approved', variant: 'success' },
  { decision: 'changes_requested', variant: 'warning' },
  { decision: 'rejected', variant: 'danger' },
];

interface DecisionValues {
  comment: string;
}

/** The comment as the decision route checks it (lib/server/flow/decide-review.ts: decisionInput). */
const loadSchema = () =>
  import('@/lib/server/entities/field-rules').then((m) => z.object({ comment: m.longText(5000).optional() }));

/** The designer's decision on one product (PATCH /api/v1/Review/{review}/{decision} with a comment). */
export function ProductDecision({
  reviewKey,
  name,
  onDecided,
}: {
  reviewKey: string;
  name: string;
  onDecided(decision: Decision, moved: boolean): void;
}) {
  const { t } = useTranslation('designer');
  const { data: session } = useSession();
  const form = useSchemaForm<DecisionValues>(loadSchema, { comment: '' });
  // Which of the three buttons sent the form.
  const chosen = useRef<Decision>('approved');
  const [shown, setShown] = useState<Decision>('approved');

  const decide = async ({ comment }: DecisionValues) => {
    const decision = chosen.current;
    const text = (comment ?? '').trim();
    if (decision !== 'approved' && !text) {
      form.setError('comment', { type: 'required', message: t('product.errors.comment') });
      return;
    }
    const answer = await decideReview(reviewKey, decision, text, [], session?.accessToken);
    if (answer.status === 0) {
      onDecided(decision, answer.data?.moved ?? false);
      return;
    }
    const failed = answer.status === 5 ? t('product.conflict') : (answer.message ?? t('product.failed'));
    showServerErrors(form, answer.errors.comment ? { comment: answer.errors.comment } : {}, failed);
  };

  return (
    <Form form={form} onSubmit={decide} testId="product-decision">
      <TextField
        name="comment"
        label={t('product.comment')}
        rows={2}
        maxLength={5000}
        placeholder={t('product.commentPlaceholder', { name })}
        className="mb-2"
        testId="product-comment"
      />
      <div className="d-flex flex-wrap gap-2">
        {DECISIONS.map(({ decision, variant }) => (
          <span
            key={decision}
            onClickCapture={() => {
              chosen.current = decision;
              setShown(decision);
            }}
          >
            <SubmitButton
              variant={variant}
              pending={shown === decision ? t('sending') : undefined}
              testId={`product-decide-${decision}`}
            >
              {t(`product.decide.${decision}`)}
            </SubmitButton>
          </span>
        ))}
      </div>
    </Form>
  );
}
