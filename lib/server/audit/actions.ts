/**
 * Every action the admin log records: each is a change an auditor must be able to read back
 * (who, what, from what to what). lib/server/audit/readable.ts says each in words; a new action
 * must be added here first (writeAdminLog takes only these), and the test over every action
 * and both languages then covers it.
 */
export const ADMIN_LOG_ACTIONS = [
  'acl.grant',
  'acl.revoke',
  'acl.set',
  'acl.request.approve',
  'acl.request.deny',
  'user.set',
  'holder.approver.add',
  'holder.approver.remove',
  'holder.manager.add',
  'holder.manager.remove',
  'holder.boss.add',
  'holder.boss.remove',
  'holder.contract.add',
  'holder.contract.remove',
  'holder.settings',
  'licensee.member.set',
  'licensee.member.remove',
  'licensee.profile',
  'invite.send',
  'invite.resend',
  'invite.revoke',
  'invite.accept',
  'terms.publish',
  'terms.delete',
  'terms.withdraw',
  'contact.verified',
  'throttle.clear',
  'service.create',
  'service.rotate',
  'service.revoke',
  'service.call',
  'credential.schema.enable',
  'credential.schema.disable',
  'credential.schema.publish',
  'credential.schema.withdraw',
  'job.retry',
  'mail.retry',
  'webhook.create',
  'webhook.update',
  'webhook.rotate',
  'webhook.delete',
] as const;

export type AdminLogAction = (typeof ADMIN_LOG_ACTIONS)[number];

export function isAdminLogAction(value: string): value is AdminLogAction {
  return (ADMIN_LOG_ACTIONS as readonly string[]).includes(value);
}
