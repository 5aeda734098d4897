// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '@/components/kit/form/Form';
import { MonthField } from '@/components/kit/form/MonthField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { monthOrder } from '@/components/kit/form/checks';
import { schemaResolver } from '@/components/kit/form/resolver';
import { SettingsProvider } from '@/lib/client/settings-context';
import { statsQueryInput } from '@/lib/server/stats/inputs';
import type { PublicSettings } from '@/lib/settings';

vi.mock('next-i18next/pages', () => ({
  useTranslation: () => ({ t: (key: string, values?: { year?: number }) => (values?.year ? `${values.year}年` : key) }),
}));

afterEach(cleanup);

interface Span {
  from: string;
  to: string;
}

function SpanForm({ lang, onSubmit }: { lang: 'jp' | 'en'; onSubmit: (v: Span) => void }) {
  const form = useForm<Span>({
    defaultValues: { from: '2025-12', to: '2026-11' },
    resolver: schemaResolver<Span>(() => Promise.resolve(statsQueryInput), lang, monthOrder<Span>('from', 'to')),
  });
  return (
    <SettingsProvider settings={{} as PublicSettings} lang={lang}>
      <Form form={form} onSubmit={onSubmit}>
        <MonthField name="from" label="From" years={[2020, 2026]} testId="from" />
        <MonthField name="to" label="To" years={[2020, 2026]} testId="to" />
        <SubmitButton testId="go">Go</SubmitButton>
      </Form>
    </SettingsProvider>
  );
}

describe('MonthField (kit)', () => {
  it('names the months in the page language and keeps a YYYY-MM value', async () => {
    const submitted = vi.fn();
    render(<SpanForm lang="jp" onSubmit={submitted} />);
    const month = screen.getByTestId('from-month') as HTMLSelectElement;
    expect(month.options[0]!.textContent).toBe('1月');
    expect(month.value).toBe('12');
    expect((screen.getByTestId('from-year') as HTMLSelectElement).value).toBe('2025');
    // A legend names the pair; each list says what it holds.
    expect(screen.getByRole('group', { name: 'From' })).toBeTruthy();
    expect(screen.getByTestId('from-year').getAttribute('aria-label')).toBe('month.year');

    fireEvent.change(screen.getByTestId('from-year'), { target: { value: '2026' } });
    fireEvent.change(screen.getByTestId('from-month'), { target: { value: '03' } });
    fireEvent.click(screen.getByTestId('go'));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]![0]).toEqual({ from: '2026-03', to: '2026-11' });
  });

  it('refuses a first month after the last, under the first, in the page language', async () => {
    const submitted = vi.fn();
    render(<SpanForm lang="en" onSubmit={submitted} />);
    expect((screen.getByTestId('to-month') as HTMLSelectElement).options[0]!.textContent).toBe('January');
    fireEvent.change(screen.getByTestId('from-year'), { target: { value: '2026' } });
    fireEvent.change(screen.getByTestId('from-month'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('go'));
    expect(await screen.findByText('The first month must not be after the last month.')).toBeTruthy();
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByTestId('from-month').getAttribute('aria-invalid')).toBe('true');
  });
});
