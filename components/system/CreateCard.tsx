import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '@/components/kit/form/server-errors';
import type { Envelope } from '@/lib/client/fetcher';
import { fieldErrorsOf } from './acl/acl-api';

/** Sends a create form; on success it starts empty again, else the server's messages show under its fields. */
export function createSubmit<T extends FieldValues, B>(
  form: UseFormReturn<T>,
  empty: T,
  send: (values: B) => Promise<Envelope<unknown> | null>,
  failed: string,
  body: (values: T) => B = (values) => values as unknown as B,
) {
  return async (values: T) => {
    const answer = await send(body(values));
    if (answer?.status === 0) form.reset(empty);
    else showServerErrors(form, fieldErrorsOf(answer) ?? {}, failed);
  };
}

/** The card a new record is made in, above its list. */
export function CreateCard({
  testId,
  title,
  intro,
  children,
}: {
  testId: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card className="mb-4" data-testid={testId}>
      <Card.Body>
        <h2 className="h5">{title}</h2>
        <p className="small text-muted">{intro}</p>
        {children}
      </Card.Body>
    </Card>
  );
}
