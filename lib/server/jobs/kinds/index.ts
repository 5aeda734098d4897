import type { JobKind } from '../define';
import { chainMintJob } from './chain-mint';
import { contractFinalizeJob } from './contract-finalize';
import { contractRenderJob } from './contract-render';
import { credentialIssueJob } from './credential-issue';
import { mailJob } from './mail';
import { webhookDeliverJob } from './webhook-deliver';

/** Every job kind the worker runs. A new kind is one file in this folder and one line here. */
export const jobKinds: readonly JobKind[] = [
  mailJob,
  contractRenderJob,
  contractFinalizeJob,
  credentialIssueJob,
  chainMintJob,
  webhookDeliverJob,
];

export function jobKindOf(kind: string): JobKind | undefined {
  return jobKinds.find((k) => k.kind === kind);
}
