import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { decideOnItem, type Answer, type ApprovalKind, type Decision, type Markup } from '@/lib/client/flow';

const DECISIONS: { decision: Decision; variant: string }[] = [
  { decision: 'approved', variant: 'success' },
  { decision: 'approved_with_conditions', variant: 'outline-success' },
  { decision: 'changes_requested', variant: 'warning' },
  { decision: 'rejected', variant: 'danger' },
];

export type DecisionOutcome =
  | { kind: 'decided'; decision: Decision; moved: boolean }
  /** Someone else decided meanwhile, or the record moved on: the item is no longer this reviewer's. */
  | { kind: 'conflict'; message: string | null }
  /** Nothing came back (no answer, or the item is not found): the caller reloads the queue to tell. */
  | { kind: 'unknown' };

/** A conflict (409) carries `errors.state` or a bare message; a field problem carries the field. */
function isConflict(answer: Answer<unknown>): boolean {
  if (answer.status === 2) return true;
  if (answer.status !== 5) return false;
  return 'state' in answer.errors || (answer.message !== null && Object.keys(answer.errors).length === 0);
}

export interface DraftMarkup extends Markup {
  n: number;
}

/**
 * The reviewer's decision: a comment, the pins placed on the images, and one of four buttons.
 * The server says which decisions need a comment; its message shows under the comment box.
 */
export function DecisionPanel({
  kind,
  subjectKey,
  pins,
  onPinNote,
  onPinRemove,
  onOutcome,
}: {
  kind: ApprovalKind;
  subjectKey: string;
  pins: DraftMarkup[];
  onPinNote(index: number, note: string): void;
  onPinRemove(index: number): void;
  onOutcome(outcome: DecisionOutcome): void;
}) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const { data: session } = useSession();
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState<Decision | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (decision: Decision) => {
    setPending(decision);
    setErrors({});
    setFailure(null);
    const markups = pins.map(({ image, x, y, note }) => ({ image, x, y, note: note.trim() }));
    const answer = await decideOnItem(kind, subjectKey, decision, comment.trim(), markups, session?.accessToken);
    setPending(null);
    if (answer.status === 0 && answer.data) {
      onOutcome({ kind: 'decided', decision, moved: answer.data.moved });
      return;
    }
    if (isConflict(answer)) {
      onOutcome({ kind: 'conflict', message: answer.errors.state ?? answer.message });
      return;
    }
    if (answer.status === 1) {
      onOutcome({ kind: 'unknown' });
      return;
    }
    setErrors(answer.errors);
    const other = Object.entries(answer.errors).filter(([field]) => field !== 'comment' && !field.startsWith('markups'));
    const markupProblem = Object.keys(answer.errors).some((field) => field.startsWith('markups'));
    if (markupProblem) setFailure(t('decision.markupInvalid'));
    else if (other.length) setFailure(other.map(([, message]) => message).join(' '));
    else if (!answer.errors.comment) setFailure(answer.message ?? t('decision.failed'));
  };

  return (
    <section className="border rounded p-3 bg-light" data-testid="decision-panel">
      <h3 className="h6">{t('decision.title')}</h3>
      {pins.length > 0 && (
        <div className="mb-3" data-testid="markup-drafts">
          <div className="small text-muted mb-1">{t('markup.newPins')}</div>
          {pins.map((pin, index) => (
            <div key={pin.n} className="d-flex align-items-center gap-2 mb-2">
              <Badge bg="danger" pill>
                {pin.n}
              </Badge>
              <Form.Control
                size="sm"
                value={pin.note}
                maxLength={1000}
                placeholder={t('markup.notePlaceholder')}
                aria-label={t('markup.noteLabel', { n: pin.n })}
                onChange={(e) => onPinNote(index, e.target.value)}
                data-testid={`markup-note-${index}`}
              />
              <Button
                size="sm"
                variant="outline-secondary"
                onClick={() => onPinRemove(index)}
                aria-label={t('markup.remove', { n: pin.n })}
                data-testid={`markup-remove-${index}`}
              >
                ×
              </Button>
            </div>
          ))}
        </div>
      )}
      <Form.Group className="mb-3" controlId={`decision-comment-${subjectKey}`}>
        <Form.Label>{t('decision.comment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={comment}
          maxLength={5000}
          onChange={(e) => setComment(e.target.value)}
          isInvalid={Boolean(errors.comment)}
          data-testid="decision-comment"
        />
        <Form.Control.Feedback type="invalid" data-testid="decision-comment-error">
          {errors.comment}
        </Form.Control.Feedback>
        <Form.Text muted>{t('decision.commentHint')}</Form.Text>
      </Form.Group>
      {failure && (
        <Alert variant="danger" className="py-2" data-testid="decision-error">
          {failure}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {DECISIONS.map(({ decision, variant }) => (
          <Button
            key={decision}
            variant={variant}
            disabled={pending !== null}
            onClick={() => void decide(decision)}
            data-testid={`decide-${decision}`}
          >
            {pending === decision ? t('decision.sending') : t(`decision.${decision}`, { defaultValue: tf(`state.${decision}`) })}
          </Button>
        ))}
      </div>
    </section>
  );
}
