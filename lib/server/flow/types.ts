/** The flow engine's vocabulary (DESIGN §6): data, no behaviour. */

export type Subject = 'primary_ip' | 'usage' | 'ip' | 'license' | 'product' | 'sales' | 'invoice' | 'liquid';

/** Holder approver groups (SPEC §1). */
export type HolderGroup = 'legal' | 'brand' | 'cfl' | 'boss';

/** Who may review a stage: a holder group, the IP's designer, or holder staff (admin or product role). */
export type ReviewerGroup = HolderGroup | 'designer' | 'holder';

export type Decision = 'approved' | 'approved_with_conditions' | 'rejected' | 'changes_requested';

/** Who may take a transition. */
export type Actor =
  | { kind: 'owner' }
  | { kind: 'holder' }
  | { kind: 'product' }
  | { kind: 'admin' }
  | { kind: 'group'; group: HolderGroup }
  | { kind: 'designer' }
  | { kind: 'licensee' }
  | { kind: 'system' };

/** Who hears about a transition. */
export type Audience = 'owner' | 'reviewers' | 'designer' | 'licensee' | 'holder';

/** Work a transition hands to other parts of the platform once it has happened. */
export type Effect = 'generate_contract' | 'issue_credential' | 'revoke_credential' | 'grant_role' | 'mint';

export interface TransitionDef {
  action: string;
  from: readonly string[];
  to: string;
  by: readonly Actor[];
  notify: readonly Audience[];
  effects?: readonly Effect[];
  /** A comment must accompany it (rejections, revocations). */
  needsComment?: boolean;
}

/** A state in which groups decide; the outcome follows from their decisions. */
export interface ReviewStage {
  state: string;
  groups: readonly ReviewerGroup[];
  /** all: every group decides independently; sequence: in the order listed. */
  order: 'all' | 'sequence';
  outcome: { approved: string; rejected: string; changes_requested: string };
}

export interface FlowDef {
  subject: Subject;
  initial: string;
  states: readonly string[];
  /** States from which nothing moves on. */
  final: readonly string[];
  transitions: readonly TransitionDef[];
  reviews: readonly ReviewStage[];
}

/** What the engine needs to know about the person acting, relative to one subject. */
export interface ActorFacts {
  sub: string;
  isOwner: boolean;
  isAdmin: boolean;
  isProduct: boolean;
  isHolder: boolean;
  groups: readonly HolderGroup[];
  isDesignerOfSubject: boolean;
  isLicenseeOfSubject: boolean;
  isSystem?: boolean;
}

/** A decision already made at the current stage and revision. */
export interface PastDecision {
  group: ReviewerGroup;
  reviewer: string;
  state: Decision;
}
