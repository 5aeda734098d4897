import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

export interface SecretFact {
  label: string;
  value: ReactNode;
  /** A value to copy exactly (a secret, an id): monospace, selected whole by one click. */
  copy?: boolean;
  testId?: string;
}

/**
 * A secret shown this once (a service account's, a webhook's signing secret), in its dialog:
 * the warning that it is the only time, the facts to copy, and how it is used.
 */
export function SecretOnce({
  testId,
  warning,
  facts,
  howTo,
}: {
  testId: string;
  warning: string;
  facts: SecretFact[];
  howTo: SecretFact;
}) {
  return (
    <div data-testid={testId}>
      <Alert variant="warning" className="small">
        {warning}
      </Alert>
      <dl className="mb-0">
        {facts.map((fact) => [
          <dt key={`${fact.label}-label`}>{fact.label}</dt>,
          <dd key={`${fact.label}-value`} className={fact.copy ? undefined : 'text-break'}>
            {fact.copy ? (
              <code className="text-break user-select-all" data-testid={fact.testId}>
                {fact.value}
              </code>
            ) : (
              fact.value
            )}
          </dd>,
        ])}
        <dt>{howTo.label}</dt>
        <dd className="small mb-0">{howTo.value}</dd>
      </dl>
    </div>
  );
}
