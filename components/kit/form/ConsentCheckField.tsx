import type { ReactNode } from 'react';
import { CheckField } from './CheckField';

/**
 * One check box that must be ticked (a consent, a confirmation): the box's own label is the
 * statement, and its error sits under it. The error's test id is `<testId>-error`.
 */
export function ConsentCheckField(props: { name: string; label: ReactNode; testId?: string; className?: string }) {
  return <CheckField {...props} required />;
}
