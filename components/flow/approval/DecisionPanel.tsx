import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { TextField } from '@/components/kit/form/TextField';
import { DecisionForm, useDecisionForm, type DecisionRefusal, type DecisionValues } from '@/components/kit/review/DecisionForm';
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
  onPinRemove,
  onOutcome,
}: {
  kind: ApprovalKind;
  subjectKey: string;
  pins: DraftMarkup[];
  onPinRemove(index: number): void;
  onOutcome(outcome: DecisionOutcome): void;
}) {
  const { t } = useTranslation('approval');
  const { t: tf } = useTranslation('flow');
  const { data: session } = useSession();
  const form = useDecisionForm();

  const decide = async (decision: string, values: DecisionValues): Promise<DecisionRefusal | null> => {
    const chosen = decision as Decision;
    const markups = pins.map(({ image, x, y }, index) => ({ image, x, y, note: values.notes[index] ?? '' }));
    const answer = await decideOnItem(kind, subjectKey, chosen, values.comment, markups, session?.accessToken);
    if (answer.status === 0 && answer.data) {
      onOutcome({ kind: 'decided', decision: chosen, moved: answer.data.moved });
      return null;
    }
    if (isConflict(answer)) {
      onOutcome({ kind: 'conflict', message: answer.errors.state ?? answer.message });
      return null;
    }
    if (answer.status === 1) {
      onOutcome({ kind: 'unknown' });
      return null;
    }
    const other = Object.entries(answer.errors).filter(([field]) => field !== 'comment' && !field.startsWith('markups'));
    const markupProblem = Object.keys(answer.errors).some((field) => field.startsWith('markups'));
    return {
      comment: answer.errors.comment,
      failure: markupProblem
        ? t('decision.markupInvalid')
        : other.length
          ? other.map(([, message]) => message).join(' ')
          : answer.errors.comment
            ? null
            : (answer.message ?? t('decision.failed')),
    };
  };

  const remove = (index: number) => {
    form.setValue(
      'notes',
      form.getValues('notes').filter((_, i) => i !== index),
    );
    onPinRemove(index);
  };

  return (
    <section className="border rounded p-3 bg-light" data-testid="decision-panel">
      <h3 className="h6">{t('decision.title')}</h3>
      <DecisionForm
        form={form}
        choices={DECISIONS.map(({ decision, variant }) => ({
          decision,
          variant,
          label: t(`decision.${decision}`, { defaultValue: tf(`state.${decision}`) }),
          testId: `decide-${decision}`,
        }))}
        onDecide={decide}
        comment={{ label: t('decision.comment'), help: t('decision.commentHint'), rows: 4, testId: 'decision-comment' }}
        sendingLabel={t('decision.sending')}
        failureTestId="decision-error"
      >
        {pins.length > 0 && (
          <fieldset className="mb-3" data-testid="markup-drafts">
            <legend className="small text-muted mb-1 fs-6">{t('markup.newPins')}</legend>
            {pins.map((pin, index) => (
              <div key={pin.n} className="d-flex align-items-start gap-2">
                <Badge bg="danger" pill className="mt-2" aria-hidden="true">
                  {pin.n}
                </Badge>
                <TextField
                  name={`notes.${index}`}
                  label={<span className="visually-hidden">{t('markup.noteLabel', { n: pin.n })}</span>}
                  placeholder={t('markup.notePlaceholder')}
                  maxLength={1000}
                  className="mb-2 flex-grow-1"
                  testId={`markup-note-${index}`}
                />
                <Button
                  size="sm"
                  variant="outline-secondary"
                  className="mt-1"
                  onClick={() => remove(index)}
                  aria-label={t('markup.remove', { n: pin.n })}
                  data-testid={`markup-remove-${index}`}
                >
                  ×
                </Button>
              </div>
            ))}
          </fieldset>
        )}
      </DecisionForm>
    </section>
  );
}
