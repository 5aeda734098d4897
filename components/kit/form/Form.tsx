import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import BsForm from 'react-bootstrap/Form';
import { FormProvider, useFormState, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

export interface FormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/** What went wrong that belongs to no field (the server refused, the network failed). */
function FormFailure({ testId }: { testId?: string }) {
  const { errors } = useFormState();
  const message = errors.root?.message;
  if (!message) return null;
  return (
    <Alert variant="danger" className="py-2" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
      {message}
    </Alert>
  );
}

/**
 * The form of the kit: react-hook-form's provider around a react-bootstrap form that leaves
 * validation to the schema resolver (noValidate), with the form-level failure above the buttons.
 */
export function Form<T extends FieldValues>({ form, onSubmit, children, testId, className }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <BsForm noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} data-testid={testId} className={className}>
        {children}
        <FormFailure testId={testId} />
      </BsForm>
    </FormProvider>
  );
}
