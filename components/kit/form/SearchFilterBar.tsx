import { useEffect, useRef, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Form } from './Form';
import { SelectField, type Option } from './SelectField';
import { TextField } from './TextField';

/** How wide a filter is on a phone and from 768 px (of 12 columns). */
export interface FilterWidth {
  xs?: number;
  md?: number;
}

export interface SearchBox {
  label: string;
  placeholder?: string;
  testId: string;
  width?: FilterWidth;
}

export interface FilterChoice {
  name: string;
  label: string;
  options: readonly Option[];
  /** The empty choice that filters nothing ("All"); left out when one option is always chosen. */
  all?: string;
  testId: string;
  width?: FilterWidth;
}

/**
 * A form over values that belong to someone else (a list's filters, a picker's choice): it takes
 * their values whenever they change from outside (a list clearing its filters) and reports each
 * change the person makes, but never echoes back what it was given.
 */
export function useFollowingForm<T extends FieldValues>(values: T, onChange: (values: T) => void): UseFormReturn<T> {
  const form = useForm<T>({ defaultValues: values as DefaultValues<T> });
  const last = useRef(JSON.stringify(values));
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const now = JSON.stringify(values);
    if (now === last.current) return;
    last.current = now;
    form.reset(values);
  }, [values, form]);
  useEffect(
    () =>
      // The form tells of focus, blur and checks too: only a change of the values is reported.
      form.subscribe({
        formState: { values: true },
        callback: ({ values: next }) => {
          const now = JSON.stringify(next);
          if (now === last.current) return;
          last.current = now;
          report.current({ ...next });
        },
      }),
    [form],
  );
  return form;
}

/**
 * A list's filter bar on the form kit: a search box and choices, each with its label, changing the
 * list as they change (no button to press). The values belong to the list (it may clear them), so
 * the bar follows them and reports every change the person makes.
 */
export function SearchFilterBar<T extends FieldValues>({
  values,
  onChange,
  search,
  choices = [],
  testId,
}: {
  values: T;
  onChange(values: T): void;
  search?: SearchBox & { name: string };
  choices?: readonly FilterChoice[];
  testId?: string;
}) {
  const form = useFollowingForm(values, onChange);
  return (
    <div role="search">
      <Form form={form} onSubmit={() => undefined} className="mb-3" testId={testId}>
        <Row className="g-2 align-items-end">
          {search && (
            <Col xs={search.width?.xs ?? 12} md={search.width?.md ?? 6}>
              <TextField
                name={search.name}
                type="search"
                label={search.label}
                placeholder={search.placeholder}
                className="mb-0"
                testId={search.testId}
              />
            </Col>
          )}
          {choices.map((choice) => (
            <Col key={choice.name} xs={choice.width?.xs ?? 12} md={choice.width?.md ?? 4}>
              <SelectField
                name={choice.name}
                label={choice.label}
                options={choice.options}
                placeholder={choice.all}
                className="mb-0"
                testId={choice.testId}
              />
            </Col>
          ))}
        </Row>
      </Form>
    </div>
  );
}

/** The search text once typing has paused (300 ms), so each key press is not a query. */
export function useSettled(value: string, delay = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
