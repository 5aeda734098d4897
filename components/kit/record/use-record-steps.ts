import { useState } from 'react';
import { useSession } from 'next-auth/react';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { takeStep, useHistory, useRecordActions } from '@/lib/client/flow';

export interface RecordStepTexts {
  /** The confirmation's title and question for a step. */
  confirmTitle(action: string): string;
  confirmBody(action: string): string;
  /** Said when the server refuses a step without a message of its own. */
  failed: string;
}

/**
 * A workflow record in its detail dialog: its history, the steps the server offers this person
 * now (for the state shown, less `exclude`), and taking one after a confirmation. Shared by the
 * license and product dialogs, which differ only in what they show around it.
 */
export function useRecordSteps(
  entity: string,
  key: string,
  state: string,
  texts: RecordStepTexts,
  options: { exclude?: readonly string[]; onChanged?(): void } = {},
) {
  const { data: session } = useSession();
  const dialogs = useDialogs();
  const history = useHistory(entity, key);
  const { data: offer, mutate: reloadActions } = useRecordActions(entity, key);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const steps = (offer?.state === state ? offer.actions : [])
    .map((a) => a.action)
    .filter((action) => !options.exclude?.includes(action));

  /** Takes the step once confirmed; true when the server moved the record. */
  const take = async (action: string): Promise<boolean> => {
    if (!(await dialogs.confirm(texts.confirmTitle(action), texts.confirmBody(action)))) return false;
    setPending(true);
    setProblem(null);
    const answer = await takeStep(entity, key, action, undefined, session?.accessToken);
    setPending(false);
    if (answer.status !== 0) {
      setProblem(answer.message ?? (Object.values(answer.errors).join(' ') || texts.failed));
      return false;
    }
    options.onChanged?.();
    void history.mutate();
    void reloadActions();
    return true;
  };

  return { history, offer, steps, pending, setPending, problem, setProblem, take };
}
