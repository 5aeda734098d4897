// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckField } from '@/components/kit/form/CheckField';
import { Form } from '@/components/kit/form/Form';
import { MoneyField } from '@/components/kit/form/MoneyField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TerritoryField } from '@/components/kit/form/TerritoryField';
import { TextField } from '@/components/kit/form/TextField';
import { entityResolver, schemaResolver } from '@/components/kit/form/resolver';
import { corporateCheckDigit } from '@/lib/validation/jp-identifiers';
import type { Lang } from '@/lib/validation/messages';

vi.mock('next-i18next/pages', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

interface TagValues {
  name_jp: string;
  name_en: string;
  color: string;
}

function TagForm({ lang, onSubmit }: { lang: Lang; onSubmit: (v: TagValues) => void }) {
  const form = useForm<TagValues>({
    defaultValues: { name_jp: '', name_en: 'Snacks', color: 'red' },
    resolver: entityResolver<TagValues>('Tag', 'create', lang),
  });
  return (
    <Form form={form} onSubmit={onSubmit} testId="tag-form">
      <TextField name="name_jp" label="Name (jp)" required help="As shown on jp pages" testId="name-jp" />
      <TextField name="name_en" label="Name (en)" required testId="name-en" />
      <TextField name="color" label="Colour" testId="color" />
      <SubmitButton testId="save">Save</SubmitButton>
    </Form>
  );
}

// The resolver loads the entity schemas on first use: give a busy machine time for that.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

describe('form kit: Field wiring', () => {
  it('ties label, help and control by id, marks required, and describes only the help before an error', () => {
    render(<TagForm lang="en" onSubmit={() => {}} />);
    const input = screen.getByLabelText(/Name \(jp\)/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described).toHaveLength(1);
    expect(document.getElementById(described[0]!)!.textContent).toBe('As shown on jp pages');
    expect(screen.getByText('Name (jp)').closest('label')!.textContent).toContain('form.required');
    expect(screen.getByLabelText('Colour').getAttribute('aria-required')).toBeNull();
  });

  it.each([
    ['en', 'This field is required.', 'Use a colour like #1a2b3c.'],
    ['jp', '必須項目です。', '#1a2b3c のような色を入力してください。'],
  ] as const)(
    'checks with the entity schema and shows SPEC §5 messages in %s, linked by aria-describedby',
    async (lang, required, color) => {
      const submitted = vi.fn();
      render(<TagForm lang={lang} onSubmit={submitted} />);
      fireEvent.click(screen.getByTestId('save'));
      const error = screen.getByTestId('name-jp-error');
      await waitFor(() => expect(error.textContent).toBe(required));
      const input = screen.getByTestId('name-jp');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')!.split(' ')).toContain(error.id);
      expect(screen.getByTestId('color-error').textContent).toBe(color);
      expect(screen.getByTestId('name-en').getAttribute('aria-invalid')).toBeNull();
      expect(submitted).not.toHaveBeenCalled();
    },
  );

  it('submits the parsed values once the schema is satisfied', async () => {
    const submitted = vi.fn();
    render(<TagForm lang="en" onSubmit={submitted} />);
    fireEvent.change(screen.getByTestId('name-jp'), { target: { value: 'お菓子' } });
    fireEvent.change(screen.getByTestId('color'), { target: { value: '#aa0011' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0]).toEqual({ name_jp: 'お菓子', name_en: 'Snacks', color: '#aa0011' });
  });
});

interface LicenseBits {
  territory: string[];
  advance: unknown;
  currency: string;
}

function MoneyForm({ onSubmit }: { onSubmit: (v: LicenseBits) => void }) {
  const form = useForm<LicenseBits>({
    defaultValues: { territory: [], advance: null, currency: 'USD' },
    resolver: entityResolver<LicenseBits>('License', 'patch', 'en'),
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TerritoryField name="territory" label="Territory" required testId="territory" />
      <MoneyField name="advance" label="Advance" currency={{ field: 'currency' }} testId="advance" />
      <SubmitButton testId="save">Save</SubmitButton>
    </Form>
  );
}

describe('form kit: money and territory controls', () => {
  it('keeps an amount in minor units of the chosen currency, and names a group by its legend', async () => {
    const submitted = vi.fn();
    render(<MoneyForm onSubmit={submitted} />);
    expect(screen.getByRole('group', { name: /Territory/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('territory-JP'));
    fireEvent.change(screen.getByTestId('advance'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(screen.getByTestId('advance-error').textContent).toBe('Enter an amount with at most 2 decimal places.'),
    );
    fireEvent.change(screen.getByTestId('advance'), { target: { value: '1,200.50' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0]).toMatchObject({ territory: ['JP'], advance: 120050, currency: 'USD' });
  });
});

interface SettingsValues {
  registration_number: string;
  invoice_due_days: string;
  allow_current_period: boolean;
}

/** The holder settings form's fields over the schema PUT /api/holder/settings parses with. */
function SettingsForm({ onSubmit }: { onSubmit: (v: SettingsValues) => void }) {
  const form = useForm<SettingsValues>({
    defaultValues: { registration_number: '', invoice_due_days: '', allow_current_period: false },
    resolver: schemaResolver<SettingsValues>(
      () => import('@/lib/server/holder/settings-input').then((m) => m.holderSettingsInput),
      'jp',
    ),
  });
  return (
    <Form form={form} onSubmit={onSubmit} testId="settings">
      <TextField name="registration_number" label="登録番号" testId="reg" />
      <TextField name="invoice_due_days" label="支払期限" testId="due" />
      <CheckField name="allow_current_period" label="当月分を報告できる" help="当月分の報告を受け付けます" testId="current" />
      <SubmitButton testId="save">保存</SubmitButton>
    </Form>
  );
}

describe('the holder settings form: empty boxes are the defaults, numbers checked as the server checks them', () => {
  const base = '123456789012';
  const number = `T${corporateCheckDigit(base)}${base}`;

  it('sends an empty day box as no value (never 0), and an unticked box as false', async () => {
    const submitted = vi.fn();
    render(<SettingsForm onSubmit={submitted} />);
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0]).toEqual({ allow_current_period: false });
  });

  it('refuses a registration number whose check digit fails, in Japanese, and sends nothing', async () => {
    const submitted = vi.fn();
    render(<SettingsForm onSubmit={submitted} />);
    fireEvent.change(screen.getByTestId('reg'), { target: { value: `T${(corporateCheckDigit(base) % 9) + 1}${base}` } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(screen.getByTestId('reg-error').textContent).toBe(
        'T と13桁の登録番号（チェックディジットを含む）を入力してください。',
      ),
    );
    expect(submitted).not.toHaveBeenCalled();
  });

  it('folds what an IME typed, reads days as a number, and the check box says what its help is', async () => {
    const submitted = vi.fn();
    render(<SettingsForm onSubmit={submitted} />);
    const fullWidth = number.replace(/[T0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    fireEvent.change(screen.getByTestId('reg'), { target: { value: fullWidth } });
    fireEvent.change(screen.getByTestId('due'), { target: { value: '45' } });
    const box = screen.getByTestId('current');
    fireEvent.click(box);
    const help = document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(help?.textContent).toBe('当月分の報告を受け付けます');
    expect(screen.getByLabelText('当月分を報告できる')).toBe(box);
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]![0]).toEqual({
      registration_number: number,
      invoice_due_days: 45,
      allow_current_period: true,
    });
  });
});
