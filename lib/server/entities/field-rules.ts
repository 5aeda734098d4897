import { z } from 'zod';
import {
  foldWidth,
  isCorporateNumber,
  isInvoiceRegistrationNumber,
  isPhoneNumber,
  isPostalCode,
} from '../../validation/jp-identifiers';

/**
 * The field rules shared by the entity schemas: one place for what "an e-mail", "a date" or
 * "money" means, applied over what drizzle-zod derives from the columns.
 */

// SPEC §5: a standard e-mail pattern; the default text pattern accepts any characters.
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

export const email = () => z.email({ pattern: new RegExp(EMAIL_PATTERN), error: 'email' }).max(254);
export const shortText = (max = 200) => z.string().trim().max(max);
export const requiredText = (max = 200) => z.string().trim().min(1, { error: 'required' }).max(max);
export const longText = (max = 20_000) => z.string().max(max);

/**
 * Dates arrive as ISO strings (date or date-time with offset) and are converted to dates (SPEC §5),
 * within the years 1000 to 9999 in UTC: PostgreSQL refuses the driver's text for years outside
 * 1–9999, and reading back years below 100 as JS dates turns them into 19xx/20xx.
 */
export const dateInput = () =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .transform((value) => new Date(value))
    .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1000 && d.getUTCFullYear() <= 9999, {
      error: 'date',
    });

/** Money in integer minor units (yen, cents): never a float. */
export const money = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Rates in basis points: 1250 = 12.5 %. */
export const basisPoints = () => z.number().int().min(0).max(10_000);
// The examples show in /openapi.json; they are not defaults.
export const currency = () =>
  z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'currency' })
    .meta({ examples: ['JPY'] });
export const color = () =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color' })
    .meta({ examples: ['#C8102E'] });
export const key = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, { error: 'key' })
    .meta({ examples: ['Xq3Lm8Rt2vNz5Kp7Wc4Hy6Bd9Fg1Js0Ae8Ui2Oo5Tr3Ew7Qa'] });
export const sub = () => z.string().min(1).max(128);
export const textList = (maxItems = 50, maxLength = 100) => z.array(z.string().trim().min(1).max(maxLength)).max(maxItems);
export const keyList = (maxItems = 500) => z.array(key()).max(maxItems);
export const images = () =>
  z
    .array(
      z.object({
        hash: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
        name: z.string().max(255).optional(),
        mime: z.string().max(100).optional(),
      }),
    )
    .max(20);
export const subRefs = () => z.array(z.object({ sub: sub() })).max(200);
/**
 * Japanese identifiers with their check digits (lib/validation/jp-identifiers.ts, which the forms
 * use too). Full-width digits typed through an IME are folded to ASCII before the check.
 */
const identifier = (check: (value: string) => boolean, error: string, max: number) =>
  z
    .string()
    .max(max)
    .transform(foldWidth)
    .refine((value) => value === '' || check(value), { error });
export const corporateNumber = () => identifier(isCorporateNumber, 'corporateNumber', 20);
export const invoiceNumber = () => identifier(isInvoiceRegistrationNumber, 'invoiceNumber', 20);
export const postalCode = () => identifier(isPostalCode, 'postalCode', 10);
export const phone = () => identifier(isPhoneNumber, 'phone', 40);
export const stringMap = () => z.record(z.string().max(100), z.string().max(10_000));
