import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';

const VARIANTS: Record<string, string> = {
  draft: 'secondary',
  requested: 'info',
  applied: 'info',
  submitted: 'info',
  in_review: 'info',
  designer_review: 'warning',
  holder_review: 'info',
  changes_requested: 'warning',
  approved: 'success',
  published: 'success',
  contract_sent: 'primary',
  signed: 'primary',
  active: 'success',
  rejected: 'danger',
  revoked: 'danger',
  terminated: 'danger',
  expired: 'dark',
  retired: 'dark',
};

/** Any flow state as its translated label (flow namespace), coloured by how it stands. */
export function FlowState({ state, testId = 'flow-state' }: { state: unknown; testId?: string }) {
  const { t } = useTranslation('flow');
  const value = typeof state === 'string' ? state : '';
  const variant = VARIANTS[value] ?? 'secondary';
  return (
    <Badge
      bg={variant}
      text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}
      data-testid={testId}
      data-state={value}
    >
      {t(`state.${value}`, { defaultValue: value })}
    </Badge>
  );
}
