// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Form from 'react-bootstrap/Form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilePicker } from '@/components/kit/form/FilePicker';

// Keys come back as text, so the test sees which message the picker chose.
vi.mock('next-i18next/pages', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key}:${JSON.stringify(values)}` : key),
  }),
}));

afterEach(cleanup);

describe('FilePicker (kit)', () => {
  it('draws its button and status in the page language, never the browser control', () => {
    render(
      <Form.Group controlId="doc">
        <Form.Label>Document</Form.Label>
        <FilePicker accept="application/pdf" data-testid="doc-input" />
      </Form.Group>,
    );
    const input = screen.getByTestId('doc-input');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.id).toBe('doc');
    // The group's label and the drawn button both name the input.
    expect(screen.getByLabelText(/Document/)).toBe(input);
    expect(screen.getByText('filePicker.choose').tagName).toBe('LABEL');
    expect(screen.getByText('filePicker.none').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('shows the chosen file name, or how many, and still calls onChange', () => {
    const onChange = vi.fn();
    render(<FilePicker multiple onChange={onChange} data-testid="many" aria-describedby="help" />);
    const input = screen.getByTestId('many') as HTMLInputElement;
    expect(screen.getByText('filePicker.chooseMany')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toMatch(/^help /);

    const one = new File(['x'], 'contract.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [one] } });
    expect(screen.getByText('contract.pdf')).toBeTruthy();
    fireEvent.change(input, { target: { files: [one, new File(['y'], 'b.pdf')] } });
    expect(screen.getByText('filePicker.many:{"count":2}')).toBeTruthy();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('marks itself invalid so the following feedback shows', () => {
    const { container } = render(
      <>
        <FilePicker isInvalid data-testid="bad" />
        <Form.Control.Feedback type="invalid">Required</Form.Control.Feedback>
      </>,
    );
    expect(container.querySelector('.kit-file-picker.is-invalid + .invalid-feedback')).not.toBeNull();
    expect(screen.getByTestId('bad').getAttribute('aria-invalid')).toBe('true');
  });
});
