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
