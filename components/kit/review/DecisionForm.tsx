import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/kit/form/Form';
import { TextField } from '@/components/kit/form/TextField';
import { useSchemaForm } from '@/components/kit/form/use-entity-form';

/** What a reviewer writes with a decision; `notes` are the notes of the pins placed on images. */
export interface DecisionValues {
  comment: string;
  notes: string[];
}

export interface DecisionChoice {
  decision: string;
  variant: string;
  label: ReactNode;
  testId: string;
}

/** What came back when a decision was not taken: the comment's message, or a failure for the whole form. */
export interface DecisionRefusal {
  comment?: string;
  failure?: string | null;
}

/**
 * The decision form's values, checked with the rules the server checks a decision with
 * (lib/server/flow/decision-input.ts): the comment's length and each pin note's.
 */
export function useDecisionForm(): UseFormReturn<DecisionValues> {
  return useSchemaForm<DecisionValues>(
    () =>
      Promise.all([import('zod'), import('@/lib/server/flow/decision-input')]).then(([{ z }, { decisionInput }]) =>
        z.object({
          comment: decisionInput.shape.comment,
          notes: z.array(decisionInput.shape.markups.unwrap().element.shape.note).optional(),
        }),
      ),
    { comment: '', notes: [] },
  );
}

/**
 * A review decision: what the screen puts first (pins), the comment, a failure, and one button per
 * decision. A button checks the form, then `onDecide` sends it; while one is sent all wait.
 */
export function DecisionForm({
  form,
  choices,
  onDecide,
  comment,
  sendingLabel,
  size,
  failureTestId,
  children,
}: {
  form: UseFormReturn<DecisionValues>;
  choices: readonly DecisionChoice[];
  onDecide(decision: string, values: DecisionValues): Promise<DecisionRefusal | null>;
  comment: { label: ReactNode; help?: ReactNode; placeholder?: string; rows: number; testId: string; className?: string };
  sendingLabel: ReactNode;
  size?: 'sm';
  failureTestId: string;
  children?: ReactNode;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = (decision: string) =>
    form.handleSubmit(async (values) => {
      setPending(decision);
      setFailure(null);
      const refused = await onDecide(decision, {
        comment: (values.comment ?? '').trim(),
        notes: (values.notes ?? []).map((note) => (note ?? '').trim()),
      });
      setPending(null);
      if (refused?.comment) form.setError('comment', { type: 'server', message: refused.comment });
      setFailure(refused?.failure ?? null);
    })();

  return (
    <Form form={form} onSubmit={() => undefined}>
      {children}
      <TextField
        name="comment"
        label={comment.label}
        help={comment.help}
        placeholder={comment.placeholder}
        rows={comment.rows}
        maxLength={5000}
        className={comment.className}
        testId={comment.testId}
      />
      {failure && (
        <Alert variant="danger" className="py-2" data-testid={failureTestId}>
          {failure}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        {choices.map(({ decision, variant, label, testId }) => (
          <Button
            key={decision}
            variant={variant}
            size={size}
            disabled={pending !== null}
            onClick={() => void decide(decision)}
            data-testid={testId}
          >
            {pending === decision ? sendingLabel : label}
          </Button>
        ))}
      </div>
    </Form>
  );
}
