import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { exchangeRates } from '../db/entities-schema';
import { viewerOf } from '../entities/viewer';
import { newKey } from '../keys';
import { isFinance } from '../payments/record-payment';
import { toMinorUnits } from '../sales/money';
import { japanToday } from '../../format/japan-calendar';
import { ratesInput, recordRateInput } from './input';
import { RATE_DECIMALS } from './convert';

export { RATE_CURRENCIES, ratesInput, recordRateInput } from './input';

export interface ExchangeRate {
  currency: string;
  month: string;
  /** JPY per one unit of the currency, millionths (151.25 → 151250000). */
  rate_micro: number;
  recorded_at: string;
  recorded_by: string;
  /** Earlier rates recorded for the same month and currency, newest first (kept, never deleted). */
  history: { rate_micro: number; recorded_at: string }[];
}

const RM = {
  forbidden: {
    jp: '為替レートの登録は経理担当（cfl）または管理者のみが行えます。',
    en: 'Only the finance approvers (cfl) or an administrator can record exchange rates.',
  },
  rate: {
    jp: '1単位あたりの円換算額を、0より大きい数値（小数点以下6桁まで）で入力してください。例: 151.25',
    en: 'Enter the yen value of one unit, a number greater than 0 with at most 6 decimals, e.g. 151.25.',
  },
  future: {
    jp: 'まだ始まっていない月のレートは登録できません。',
    en: 'A rate cannot be recorded for a month that has not started yet.',
  },
} satisfies Record<string, Bilingual>;

/** Rates recorded so far, the latest per currency and month first, each with what it replaced. */
export async function listRates(db: Db, caller: Caller, query: unknown): Promise<{ rates: ExchangeRate[]; may_record: boolean }> {
  const viewer = await viewerOf(db, caller);
  if (!viewer.holder) throw new AppError('forbidden', 'holder roles only');
  const q = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([k, v]) => k === 'currency' && typeof v === 'string'),
  );
  const input = validateInput(ratesInput, q, caller.lang);
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(input.currency ? eq(exchangeRates.currency, input.currency) : undefined)
    .orderBy(desc(exchangeRates.month), exchangeRates.currency, desc(exchangeRates.dateCreated));
  const rates: ExchangeRate[] = [];
  for (const r of rows) {
    const last = rates.at(-1);
    if (last && last.currency === r.currency && last.month === r.month) {
      last.history.push({ rate_micro: r.rate_micro, recorded_at: r.dateCreated.toISOString() });
      continue;
    }
    rates.push({
      currency: r.currency,
      month: r.month,
      rate_micro: r.rate_micro,
      recorded_at: r.dateCreated.toISOString(),
      recorded_by: r.recorded_by,
      history: [],
    });
  }
  return { rates, may_record: await isFinance(db, caller) };
}

/** Records (or corrects, by a newer row) the rate of a currency for a month: finance only. */
export async function recordRate(db: Db, caller: Caller, body: unknown, now = new Date()): Promise<ExchangeRate> {
  if (!(await isFinance(db, caller))) throw new AppError('forbidden', RM.forbidden[caller.lang]);
  const input = validateInput(recordRateInput, body, caller.lang);
  const parsed = toMinorUnits(input.rate, RATE_DECIMALS);
  if (!parsed.ok || parsed.value <= 0) throw fieldError(caller.lang, { rate: { message: RM.rate } });
  if (input.month > japanToday(now).slice(0, 7)) throw fieldError(caller.lang, { month: { message: RM.future } });
  const [row] = await db
    .insert(exchangeRates)
    .values({ key: newKey(), currency: input.currency, month: input.month, rate_micro: parsed.value, recorded_by: caller.sub })
    .returning();
  return {
    currency: row!.currency,
    month: row!.month,
    rate_micro: row!.rate_micro,
    recorded_at: row!.dateCreated.toISOString(),
    recorded_by: row!.recorded_by,
    history: [],
  };
}

/** The rate in force for each (currency, month) asked for: the latest recorded; absent when none. */
export async function ratesFor(db: Db, wanted: { currency: string; month: string }[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const foreign = wanted.filter((w) => w.currency !== 'JPY');
  if (foreign.length === 0) return found;
  const rows = await db
    .select({ currency: exchangeRates.currency, month: exchangeRates.month, rate_micro: exchangeRates.rate_micro })
    .from(exchangeRates)
    .where(
      and(
        inArray(exchangeRates.currency, [...new Set(foreign.map((w) => w.currency))]),
        inArray(exchangeRates.month, [...new Set(foreign.map((w) => w.month))]),
      ),
    )
    .orderBy(desc(exchangeRates.dateCreated));
  for (const r of rows) {
    const id = rateKey(r.currency, r.month);
    if (!found.has(id)) found.set(id, r.rate_micro);
  }
  return found;
}

export function rateKey(currency: string, month: string): string {
  return `${currency}:${month}`;
}
