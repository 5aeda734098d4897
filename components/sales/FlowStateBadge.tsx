import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';

/** Colours of the states of a sales report and of its rows (DESIGN §6). */
export const SALES_STATE_VARIANT: Record<string, string> = {
  submitted: 'secondary',
  approved: 'success',
  rejected: 'danger',
  invoiced: 'primary',
};

/** A record's state in the flow's words, coloured by the states of its kind. */
export function FlowStateBadge({
  state,
  variants = SALES_STATE_VARIANT,
  testId,
}: {
  state: string;
  variants?: Record<string, string>;
  testId?: string;
}) {
  const { t } = useTranslation('flow');
  return (
    <Badge bg={variants[state] ?? 'secondary'} data-testid={testId} data-state={testId ? state : undefined}>
      {t(`state.${state}`)}
    </Badge>
  );
}
