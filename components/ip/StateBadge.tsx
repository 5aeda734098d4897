import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';

const VARIANTS: Record<string, string> = {
  draft: 'secondary',
  submitted: 'info',
  changes_requested: 'warning',
  approved: 'success',
  published: 'success',
  rejected: 'danger',
  retired: 'dark',
};

/** An IP state as its translated label (flow namespace). */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('flow');
  const variant = VARIANTS[state] ?? 'secondary';
  return (
    <Badge
      bg={variant}
      text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}
      data-testid="ip-state"
      data-state={state}
    >
      {t(`state.${state}`, { defaultValue: state })}
    </Badge>
  );
}
