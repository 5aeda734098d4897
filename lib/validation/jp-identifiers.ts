/**
 * Japanese identifiers, checked once for the server's field rules and the browser's forms.
 * Pure functions of the text: no framework, so both sides import the same file.
 */

const CORPORATE_NUMBER = /^[1-9]\d{12}$/;
const INVOICE_NUMBER = /^T[1-9]\d{12}$/;
const POSTAL_CODE = /^\d{3}-\d{4}$/;

/** Full-width digits, hyphens and spaces typed by a Japanese IME, folded to ASCII. */
export function foldWidth(value: string): string {
  return value
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[－ー―‐−]/g, '-')
    .replace(/\u3000/g, ' ')
    .trim();
}

/**
 * The check digit of a 法人番号 (National Tax Agency rule): over the 12 base digits counted from
 * the right, odd positions weigh 1 and even positions 2; the check digit is 9 − (sum mod 9).
 */
export function corporateCheckDigit(base12: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** 法人番号: 13 digits whose first digit is the check digit of the other twelve. */
export function isCorporateNumber(value: string): boolean {
  if (!CORPORATE_NUMBER.test(value)) return false;
  return Number(value[0]) === corporateCheckDigit(value.slice(1));
}

/** 適格請求書発行事業者登録番号: "T" and 13 digits under the same check-digit rule. */
export function isInvoiceRegistrationNumber(value: string): boolean {
  return INVOICE_NUMBER.test(value) && isCorporateNumber(value.slice(1));
}

/** 郵便番号 written NNN-NNNN. */
export function isPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}

/**
 * A telephone or fax number: a Japanese number (0 and 10 or 11 digits) or an international one
 * (+ and 8 to 15 digits, E.164). Hyphens, spaces and parentheses between digits are allowed.
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(value) || /[-\s]{2,}/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+')) return digits.length >= 8 && digits.length <= 15;
  return digits.startsWith('0') && (digits.length === 10 || digits.length === 11);
}

/** What a form offers to fix before checking: "1234567" becomes "123-4567", width folded. */
export function normalisePostalCode(value: string): string {
  const folded = foldWidth(value);
  return /^\d{7}$/.test(folded) ? `${folded.slice(0, 3)}-${folded.slice(3)}` : folded;
}

/** The validation message id of each identifier (locales/{jp,en}/validation.json). */
export const IDENTIFIER_CODES = {
  corporateNumber: 'corporateNumber',
  invoiceNumber: 'invoiceNumber',
  postalCode: 'postalCode',
  phone: 'phone',
} as const;
