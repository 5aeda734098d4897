import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A form on its own card under a heading: the profile edit, the designer application. */
export function FormCard({
  title,
  titleClassName = 'h5',
  testId,
  children,
}: {
  title: ReactNode;
  titleClassName?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="mb-4" data-testid={testId}>
      <Card.Body>
        <Card.Title as="h2" className={titleClassName}>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
