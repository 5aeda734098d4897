import { defaultFlows } from '@/lib/server/flow/definitions';
import type { Subject } from '@/lib/server/flow/types';

const VARIANT: Record<string, string> = {
  draft: 'secondary',
  applied: 'secondary',
  in_review: 'info',
  designer_review: 'info',
  holder_review: 'info',
  approved: 'success',
  contract_sent: 'primary',
  signed: 'primary',
  active: 'success',
  changes_requested: 'warning',
  rejected: 'danger',
  expired: 'dark',
  terminated: 'dark',
};

export function licenseStateVariant(state: string): string {
  return VARIANT[state] ?? 'secondary';
}

/**
 * Steps a licensee member may take on a subject in a state, read from the flow definitions (the
 * server checks again): for a license, start_review when applied and sign when the contract was sent.
 */
export function licenseeSteps(subject: Subject, state: string): string[] {
  return defaultFlows[subject].transitions
    .filter((step) => step.from.includes(state) && step.by.some((actor) => actor.kind === 'licensee'))
    .map((step) => step.action);
}
