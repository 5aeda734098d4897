import type { ReactNode } from 'react';
import { useRecordActions } from '@/lib/client/flow';

/**
 * Shows its button only when the flow engine offers `action` on the record to the signed-in
 * person (GET /api/v1/{Entity}/{id}/actions): lists show exactly the steps the server accepts,
 * so no one is offered a button that then fails (holder@ and 支払済みにする, say).
 */
export function OfferedStep({
  entity,
  recordKey,
  state,
  action,
  children,
}: {
  entity: string;
  recordKey: string;
  /** The record's state as the list shows it: a new state asks again. */
  state: string;
  action: string;
  children: ReactNode;
}) {
  const { data } = useRecordActions(entity, recordKey, state);
  if (!data || data.state !== state || !data.actions.some((a) => a.action === action)) return null;
  return <>{children}</>;
}
