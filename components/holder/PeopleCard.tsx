import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { personName, type Person } from './holder-api';

interface PeopleCardProps {
  /** data-testid of the card, e.g. `group-approver-brand`. */
  testId: string;
  title: string;
  people: Person[] | undefined;
  /** Whether the signed-in user may add and remove people here; otherwise no buttons at all. */
  canChange: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: (person: Person) => void;
}

/** One list of the holder (an approver group, managers, contract signers): each person with name and e-mail. */
export function PeopleCard({ testId, title, people, canChange, busy, onAdd, onRemove }: PeopleCardProps) {
  const { lang } = useShell();
  const { t } = useTranslation('holder-admin');
  return (
    <Card className="h-100" data-testid={testId}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <span className="fw-semibold">
          {title} <span className="text-muted small">({people?.length ?? 0})</span>
        </span>
        {canChange && (
          <Button
            size="sm"
            variant="outline-primary"
            className="text-nowrap flex-shrink-0"
            onClick={onAdd}
            disabled={busy}
            data-testid={`${testId}-add`}
          >
            {t('profile.add')}
          </Button>
        )}
      </Card.Header>
      <ListGroup variant="flush">
        {!people?.length && (
          <ListGroup.Item className="text-muted small" data-testid={`${testId}-empty`}>
            {t('profile.nobody')}
          </ListGroup.Item>
        )}
        {people?.map((person) => (
          <ListGroup.Item
            key={person.sub}
            className="d-flex align-items-center justify-content-between gap-2"
            data-testid={`${testId}-person`}
            data-email={person.email}
          >
            <div className="text-break">
              <div>{person.email || person.nickname ? personName(person, lang) : t('profile.goneAccount')}</div>
              <div className="small text-muted">{person.email}</div>
            </div>
            {canChange && (
              <Button
                size="sm"
                variant="outline-danger"
                className="text-nowrap flex-shrink-0"
                onClick={() => onRemove(person)}
                disabled={busy}
                aria-label={t('profile.removeLabel', { name: personName(person, lang) || person.sub })}
                data-testid={`${testId}-remove`}
              >
                {t('profile.remove')}
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}
