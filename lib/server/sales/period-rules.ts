import type { Bilingual } from '../common/field-error';

/** Holder.config `sales.allow_current_period`: JSON `true` lets a report cover the period still running. */
export function currentPeriodAllowed(config: Record<string, string> | undefined): boolean {
  const raw = config?.['sales.allow_current_period'];
  if (raw === undefined) return false;
  try {
    return JSON.parse(raw) === true;
  } catch {
    return raw === 'true';
  }
}

export type PeriodRefusal = {
  field: 'period_start' | 'period_end';
  code: 'date';
  reason: 'future' | 'unfinished';
  message: Bilingual;
};

/**
 * Whether a report may cover start..end (YYYY-MM-DD) today: a period that has not begun is refused;
 * one still running is refused unless the holder allows the current period. Sales of a period are
 * only known once it has ended, so a report of a running month would be corrected by definition.
 */
export function periodRefusal(start: string, end: string, today: string, allowCurrent: boolean): PeriodRefusal | null {
  if (start > today) {
    return {
      field: 'period_start',
      code: 'date',
      reason: 'future',
      message: {
        jp: `報告期間（${start}〜${end}）はまだ始まっていません。${today}までに終わった期間を報告してください。`,
        en: `The period ${start} – ${end} has not begun. Report a period that ended by ${today}.`,
      },
    };
  }
  if (end >= today && !allowCurrent) {
    return {
      field: 'period_end',
      code: 'date',
      reason: 'unfinished',
      message: {
        jp: `報告期間（${start}〜${end}）はまだ終わっていません。終了日が${today}より前の期間を報告してください。`,
        en: `The period ${start} – ${end} has not ended yet. Report a period that ended before ${today}.`,
      },
    };
  }
  return null;
}
