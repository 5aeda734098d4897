import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import { foldWidth } from '../../validation/jp-identifiers';
import type { Caller } from '../api/authenticate';
import { logRecordEdit } from '../audit/record-changes';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { holders } from '../db/entities-schema';
import { configText, registrationNumberOf } from '../invoices/issuer';
import { dueDaysOf } from '../invoices/tax';
import { configuredFormat } from '../refs/allocate';
import { DEFAULT_REFERENCE_FORMATS, REFERENCE_KINDS, referenceConfigKey, type ReferenceKind } from '../refs/kinds';
import { callerIn, forbidden } from '../roles/role-lists';
import { dueDays } from '../sales/period';
import { currentPeriodAllowed } from '../sales/period-rules';
import { forgetDefaultHolder, requireDefaultHolder, type HolderRow } from './default-holder';
import { holderSettingsInput } from './settings-input';

/** The Holder.config key behind each setting of the page (the readers of each key are where it is used). */
const KEYS = {
  registration_number: 'invoice.registration_number',
  issuer_address: 'invoice.issuer_address',
  bank_account: 'invoice.bank_account',
  invoice_due_days: 'invoice.due_days',
  sales_due_days: 'sales.due_days',
  allow_current_period: 'sales.allow_current_period',
  review_sla_business_days: 'review.sla_business_days',
} as const;

/** The holder's settings as the page shows them: what is set (empty: the default), and each default. */
export interface HolderSettings {
  registration_number: string;
  /** A number stored before it was checked that fails its check digit: invoices leave it off. */
  registration_number_unusable: boolean;
  issuer_address: string;
  bank_account: string;
  invoice_due_days: number | null;
  sales_due_days: number | null;
  allow_current_period: boolean;
  review_sla_business_days: number | null;
  references: Record<ReferenceKind, string>;
  defaults: {
    invoice_due_days: number;
    sales_due_days: number;
    review_sla_business_days: number;
    references: Record<ReferenceKind, string>;
  };
  /** Whether the caller may change them. */
  editable: boolean;
  version: number;
}

function wholeDays(config: Record<string, string>, key: string): number | null {
  const raw = config[key];
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= 0 ? n : null;
}

function mayChange(caller: Caller): boolean {
  return callerIn(caller, 'system') || callerIn(caller, 'holderProductOnly');
}

/**
 * The settings each reader applies, read back by the reader's own rule (the invoice's due days by
 * dueDaysOf, a report's by dueDays, a reference's format by configuredFormat), so the page shows
 * what is in force.
 */
export function settingsOf(holder: HolderRow, caller: Caller): HolderSettings {
  const config = holder.config;
  const stored = configText(config, KEYS.registration_number);
  const noConfig = {};
  return {
    registration_number: stored,
    registration_number_unusable: stored !== '' && registrationNumberOf(config) === null,
    issuer_address: configText(config, KEYS.issuer_address),
    bank_account: configText(config, KEYS.bank_account),
    invoice_due_days: wholeDays(config, KEYS.invoice_due_days) === null ? null : dueDaysOf(config),
    sales_due_days: wholeDays(config, KEYS.sales_due_days) === null ? null : dueDays(config),
    allow_current_period: currentPeriodAllowed(config),
    review_sla_business_days: wholeDays(config, KEYS.review_sla_business_days),
    references: Object.fromEntries(
      REFERENCE_KINDS.map((kind) => [kind, configuredFormat(config[referenceConfigKey(kind)]) ?? '']),
    ) as Record<ReferenceKind, string>,
    defaults: {
      invoice_due_days: dueDaysOf(noConfig),
      sales_due_days: dueDays(noConfig),
      review_sla_business_days: Number(getConfig().reviewSlaBusinessDays),
      references: DEFAULT_REFERENCE_FORMATS,
    },
    editable: mayChange(caller),
    version: holder.version,
  };
}

export async function readHolderSettings(db: Db, caller: Caller): Promise<HolderSettings> {
  return settingsOf(await requireDefaultHolder(db), caller);
}

/**
 * Replaces the holder's settings with the body (a field left out goes back to its default) in one
 * transaction with its admin log entry, one line per key that changed. Other Holder.config keys
 * (flows, tax lines, contract signers) are kept as they are.
 */
export async function saveHolderSettings(db: Db, caller: Caller, body: unknown): Promise<HolderSettings> {
  if (!mayChange(caller)) forbidden();
  const input = validateInput(holderSettingsInput, body, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const holder = await requireDefaultHolder(tx, { forUpdate: true });
    const config: Record<string, string> = { ...holder.config };
    for (const key of [...Object.values(KEYS), ...REFERENCE_KINDS.map(referenceConfigKey)]) delete config[key];
    const text = (key: string, value: string | undefined) => {
      if (value) config[key] = JSON.stringify(value);
    };
    text(KEYS.registration_number, input.registration_number && foldWidth(input.registration_number).toUpperCase());
    text(KEYS.issuer_address, input.issuer_address);
    text(KEYS.bank_account, input.bank_account);
    if (input.invoice_due_days !== undefined) config[KEYS.invoice_due_days] = String(input.invoice_due_days);
    if (input.sales_due_days !== undefined) config[KEYS.sales_due_days] = String(input.sales_due_days);
    if (input.allow_current_period) config[KEYS.allow_current_period] = 'true';
    if (input.review_sla_business_days !== undefined)
      config[KEYS.review_sla_business_days] = String(input.review_sla_business_days);
    for (const kind of REFERENCE_KINDS) text(referenceConfigKey(kind), input.references?.[kind]);

    const before = { key: holder.key, config: holder.config };
    const after = { key: holder.key, config };
    if (JSON.stringify(Object.entries(holder.config).sort()) === JSON.stringify(Object.entries(config).sort())) {
      return settingsOf(holder, caller);
    }
    const [saved] = await tx
      .update(holders)
      .set({ config, version: sql`${holders.version} + 1`, dateUpdated: new Date() })
      .where(eq(holders.key, holder.key))
      .returning();
    await logRecordEdit(tx, caller.sub, 'Holder', before, after);
    forgetDefaultHolder();
    return settingsOf(saved as HolderRow, caller);
  });
}
