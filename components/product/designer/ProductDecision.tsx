import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { decideReview, type Decision } from '@/lib/client/flow';

const DECISIONS: { decision: Decision; variant: string }[] = [
  { decision: 'approved', variant: 'success' },
  { decision: 'changes_requested', variant: 'warning' },
  { decision: 'rejected', variant: 'danger' },
];

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
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState<Decision | null>(null);

  const decide = async (decision: Decision) => {
    setError(null);
    setFailed(null);
    if (decision !== 'approved' && !comment.trim()) {
      setError(t('product.errors.comment'));
      return;
    }
    setPending(decision);
    const answer = await decideReview(reviewKey, decision, comment.trim(), [], session?.accessToken);
    setPending(null);
    if (answer.status === 0) {
      onDecided(decision, answer.data?.moved ?? false);
      return;
    }
    if (answer.errors.comment) setError(answer.errors.comment);
    else setFailed(answer.status === 5 ? t('product.conflict') : (answer.message ?? t('product.failed')));
  };

  return (
    <div data-testid="product-decision">
      <Form.Group className="mb-2" controlId={`product-comment-${reviewKey}`}>
        <Form.Label className="small mb-1">{t('product.comment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={comment}
          maxLength={5000}
          placeholder={t('product.commentPlaceholder', { name })}
          onChange={(e) => setComment(e.target.value)}
          isInvalid={Boolean(error)}
          data-testid="product-comment"
        />
        <Form.Control.Feedback type="invalid" data-testid="product-comment-error">
          {error}
        </Form.Control.Feedback>
      </Form.Group>
      {failed && (
        <Alert variant="danger" className="py-2" data-testid="product-decision-failed">
          {failed}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {DECISIONS.map(({ decision, variant }) => (
          <Button
            key={decision}
            variant={variant}
            size="sm"
            disabled={pending !== null}
            onClick={() => void decide(decision)}
            data-testid={`product-decide-${decision}`}
          >
            {pending === decision ? t('sending') : t(`product.decide.${decision}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
