import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Reference } from '@/components/refs/RecordSearch';

/**
 * The dialog of one workflow record (a license, a product): its reference, name and state badge
 * as the title, what the screen shows in the body, and a close button. The state badge's test id
 * is `<testId>-state`.
 */
export function RecordDetailModal({
  reference,
  name,
  state,
  onClose,
  closeLabel,
  size = 'lg',
  testId,
  children,
}: {
  reference: unknown;
  name: ReactNode;
  state: { label: ReactNode; variant: string };
  onClose(): void;
  closeLabel: ReactNode;
  size?: 'lg' | 'xl';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal show onHide={onClose} size={size} data-testid={testId}>
      <Modal.Header closeButton>
        <Modal.Title className="h5">
          <Reference value={reference} /> {name}{' '}
          <Badge bg={state.variant} className="ms-2 align-middle" data-testid={`${testId}-state`}>
            {state.label}
          </Badge>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {closeLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
