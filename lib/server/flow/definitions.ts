import type { Actor, FlowDef, Subject } from './types';

const owner: Actor = { kind: 'owner' };
const holder: Actor = { kind: 'holder' };
const product: Actor = { kind: 'product' };
const admin: Actor = { kind: 'admin' };
const licensee: Actor = { kind: 'licensee' };
const system: Actor = { kind: 'system' };

/** The default flows of DESIGN §6. Holder.config may change the reviewing groups (see overrides.ts). */
export const defaultFlows: Record<Subject, FlowDef> = {
  primary_ip: {
    subject: 'primary_ip',
    initial: 'draft',
    states: ['draft', 'published', 'retired'],
    final: ['retired'],
    transitions: [
      { action: 'publish', from: ['draft'], to: 'published', by: [product, admin], notify: ['holder'] },
      { action: 'retire', from: ['published'], to: 'retired', by: [product, admin], notify: ['holder'], needsComment: true },
    ],
    reviews: [],
  },
  usage: {
    subject: 'usage',
    initial: 'requested',
    states: ['requested', 'changes_requested', 'approved', 'rejected', 'revoked'],
    final: ['rejected', 'revoked'],
    transitions: [
      // The brand asked for changes: the applicant corrects the application and sends it again (a new round).
      { action: 'resubmit', from: ['changes_requested'], to: 'requested', by: [owner], notify: ['reviewers'] },
      {
        action: 'revoke',
        from: ['approved'],
        to: 'revoked',
        by: [{ kind: 'group', group: 'brand' }, admin],
        notify: ['owner'],
        needsComment: true,
      },
    ],
    reviews: [
      {
        state: 'requested',
        groups: ['brand'],
        order: 'all',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'changes_requested' },
      },
    ],
  },
  ip: {
    subject: 'ip',
    initial: 'draft',
    states: ['draft', 'submitted', 'approved', 'rejected', 'changes_requested'],
    final: ['rejected'],
    transitions: [
      { action: 'submit', from: ['draft'], to: 'submitted', by: [owner], notify: ['reviewers'] },
      { action: 'revise', from: ['changes_requested'], to: 'draft', by: [owner], notify: [] },
      { action: 'resubmit', from: ['changes_requested'], to: 'submitted', by: [owner], notify: ['reviewers'] },
    ],
    reviews: [
      {
        state: 'submitted',
        groups: ['brand', 'legal'],
        order: 'all',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'changes_requested' },
      },
    ],
  },
  license: {
    subject: 'license',
    initial: 'applied',
    states: [
      'applied',
      'in_review',
      'changes_requested',
      'approved',
      'rejected',
      'contract_sent',
      'signed',
      'active',
      'expired',
      'terminated',
    ],
    final: ['rejected', 'expired', 'terminated'],
    transitions: [
      // The applicant sends the application to the reviewers; holder staff may too.
      {
        action: 'start_review',
        from: ['applied'],
        to: 'in_review',
        by: [owner, licensee, holder, system],
        notify: ['owner', 'reviewers'],
      },
      // Reviewers asked for changes: the applicant's side corrects the application and sends it again.
      {
        action: 'resubmit',
        from: ['changes_requested'],
        to: 'in_review',
        by: [owner, licensee, holder],
        notify: ['owner', 'reviewers'],
      },
      {
        action: 'send_contract',
        from: ['approved'],
        to: 'contract_sent',
        by: [holder, system],
        notify: ['owner', 'licensee'],
        effects: ['generate_contract'],
      },
      { action: 'sign', from: ['contract_sent'], to: 'signed', by: [licensee], notify: ['holder'] },
      {
        action: 'countersign',
        from: ['signed'],
        to: 'active',
        by: [holder],
        notify: ['owner', 'licensee'],
        effects: ['issue_credential'],
      },
      {
        action: 'expire',
        from: ['active'],
        to: 'expired',
        by: [system, admin],
        notify: ['owner', 'licensee'],
        effects: ['revoke_credential'],
      },
      {
        action: 'terminate',
        from: ['active', 'signed', 'contract_sent'],
        to: 'terminated',
        by: [admin, { kind: 'group', group: 'legal' }],
        notify: ['owner', 'licensee'],
        effects: ['revoke_credential'],
        needsComment: true,
      },
    ],
    reviews: [
      {
        state: 'in_review',
        groups: ['legal', 'cfl', 'boss'],
        order: 'all',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'changes_requested' },
      },
    ],
  },
  product: {
    subject: 'product',
    initial: 'draft',
    states: ['draft', 'designer_review', 'holder_review', 'approved', 'rejected', 'changes_requested'],
    final: ['rejected'],
    transitions: [
      { action: 'submit', from: ['draft'], to: 'designer_review', by: [licensee], notify: ['designer'] },
      { action: 'resubmit', from: ['changes_requested'], to: 'designer_review', by: [licensee], notify: ['designer'] },
      { action: 'revise', from: ['changes_requested'], to: 'draft', by: [licensee], notify: [] },
    ],
    reviews: [
      {
        state: 'designer_review',
        groups: ['designer'],
        order: 'all',
        outcome: { approved: 'holder_review', rejected: 'rejected', changes_requested: 'changes_requested' },
      },
      {
        state: 'holder_review',
        groups: ['brand'],
        order: 'all',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'changes_requested' },
      },
    ],
  },
  sales: {
    subject: 'sales',
    initial: 'submitted',
    // superseded: replaced by an approved correction of the same licenses and period (kept in the history).
    states: ['submitted', 'approved', 'rejected', 'invoiced', 'superseded'],
    final: ['rejected', 'invoiced', 'superseded'],
    transitions: [
      { action: 'invoice', from: ['approved'], to: 'invoiced', by: [licensee, holder, system], notify: ['licensee'] },
      // Taken by lib/server/sales/corrections.ts when a correction of the same licenses and period is approved.
      { action: 'supersede', from: ['submitted', 'approved'], to: 'superseded', by: [system], notify: [] },
    ],
    reviews: [
      {
        state: 'submitted',
        groups: ['cfl'],
        order: 'all',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'rejected' },
      },
    ],
  },
  invoice: {
    subject: 'invoice',
    initial: 'draft',
    states: ['draft', 'submitted', 'approved', 'rejected', 'paid'],
    final: ['rejected', 'paid'],
    transitions: [
      { action: 'submit', from: ['draft'], to: 'submitted', by: [licensee], notify: ['reviewers'] },
      { action: 'mark_paid', from: ['approved'], to: 'paid', by: [{ kind: 'group', group: 'cfl' }, admin], notify: ['licensee'] },
    ],
    reviews: [
      {
        state: 'submitted',
        groups: ['cfl', 'boss'],
        order: 'sequence',
        outcome: { approved: 'approved', rejected: 'rejected', changes_requested: 'draft' },
      },
    ],
  },
  liquid: {
    subject: 'liquid',
    initial: 'applied',
    states: ['applied', 'reviewing', 'approved', 'issued', 'rejected'],
    final: ['issued', 'rejected'],
    transitions: [
      { action: 'review', from: ['applied'], to: 'reviewing', by: [product, admin], notify: ['owner'] },
      { action: 'approve', from: ['reviewing'], to: 'approved', by: [product, admin], notify: ['owner'] },
      {
        action: 'reject',
        from: ['applied', 'reviewing'],
        to: 'rejected',
        by: [product, admin],
        notify: ['owner'],
        needsComment: true,
      },
      { action: 'issue', from: ['approved'], to: 'issued', by: [product, admin], notify: ['owner'], effects: ['grant_role'] },
    ],
    reviews: [],
  },
};
