import Button from 'react-bootstrap/Button';

export interface RowAction {
  label: string;
  onClick: () => void;
  testId?: string;
  variant?: string;
  disabled?: boolean;
  /** The name assistive technology reads when the label alone does not say which row (it starts with the label). */
  name?: string;
  /** A toggle's state (a panel it opens). */
  pressed?: boolean;
  /** Left out for this row (an action its state does not allow). */
  hidden?: boolean;
}

/** The buttons of a row's actions column, small and side by side, wrapping on a phone. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const shown = actions.filter((a) => !a.hidden);
  if (shown.length === 0) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      {shown.map((a) => (
        <Button
          key={a.label}
          size="sm"
          variant={a.variant ?? 'outline-primary'}
          disabled={a.disabled}
          onClick={a.onClick}
          aria-pressed={a.pressed}
          aria-label={a.name}
          data-testid={a.testId}
        >
          {a.label}
        </Button>
      ))}
    </div>
  );
}
