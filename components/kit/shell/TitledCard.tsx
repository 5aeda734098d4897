import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A card with a heading (h2 unless said) over its content: a form to fill in, a step to take. */
export function TitledCard({
  title,
  children,
  testId,
  titleClass = 'h5',
  className = 'mb-4',
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The heading's look (`h5`, `h6`); it stays an h2 for the page's outline. */
  titleClass?: string;
  className?: string;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <Card.Body>
        <Card.Title as="h2" className={titleClass}>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
