import { describe, expect, it } from 'vitest';
import { entities } from '@/lib/server/entities/definitions';
import {
  corporateCheckDigit,
  isCorporateNumber,
  isInvoiceRegistrationNumber,
  isPhoneNumber,
  isPostalCode,
  normalisePostalCode,
} from '@/lib/validation/jp-identifiers';

// Published corporate numbers: the National Tax Agency (7000012050002) and Toyota Motor (1180301018771).
const GOOD_CORPORATE = ['7000012050002', '1180301018771', '9234567890123'];

describe('法人番号 (corporate number)', () => {
  it('computes the check digit of the twelve base digits', () => {
    expect(corporateCheckDigit('000012050002')).toBe(7);
    expect(corporateCheckDigit('180301018771')).toBe(1);
  });
  it('accepts known-good numbers', () => {
    for (const n of GOOD_CORPORATE) expect(isCorporateNumber(n), n).toBe(true);
  });
  it('refuses a wrong check digit, a short number, letters and a leading zero', () => {
    for (const n of ['123', '1234567890123', '8000012050002', '700001205000', '70000120500021', '700001205000X', '0000012050002'])
      expect(isCorporateNumber(n), n).toBe(false);
  });
});

describe('適格請求書発行事業者登録番号 (invoice registration number)', () => {
  it('is T and a 13-digit number under the same rule', () => {
    expect(isInvoiceRegistrationNumber('T7000012050002')).toBe(true);
    expect(isInvoiceRegistrationNumber('7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T1234567890123')).toBe(false);
    expect(isInvoiceRegistrationNumber('t7000012050002')).toBe(false);
  });
});

describe('postal code and phone', () => {
  it('postal codes are NNN-NNNN; seven digits are given their hyphen', () => {
    expect(isPostalCode('150-0002')).toBe(true);
    expect(isPostalCode('1500002')).toBe(false);
    expect(isPostalCode('15-00002')).toBe(false);
    expect(normalisePostalCode('１５００００２')).toBe('150-0002');
  });
  it('phones are Japanese (0 and 10–11 digits) or international (+ and 8–15 digits)', () => {
    for (const p of ['03-1234-5678', '090-1234-5678', '0312345678', '+81 3 1234 5678', '+1 (212) 555-0100'])
      expect(isPhoneNumber(p), p).toBe(true);
    for (const p of ['123', '03--1234-5678', 'stale', '3-1234-5678', '+12', '0312345678901'])
      expect(isPhoneNumber(p), p).toBe(false);
  });
});

describe('the entity rules use them (server and form read the same schema)', () => {
  const designer = entities.Designer.patch;
  it("refuses a corporate number '123' with its own message code", () => {
    const result = designer.safeParse({ br: '123' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('corporateNumber');
  });
  it('accepts a valid number typed in full-width digits and stores it folded', () => {
    const result = designer.safeParse({ br: '７００００１２０５０００２', invno: 'T7000012050002', tel: '03-1234-5678' });
    expect(result.success).toBe(true);
    expect(result.data!.br).toBe('7000012050002');
  });
  it('checks the licensee corporate number, phone and postal code too', () => {
    const result = entities.Licensee.patch.safeParse({ br: '1234567890123', tel: 'x', address: { postal_code: '1500002' } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).sort()).toEqual(['corporateNumber', 'phone', 'postalCode']);
  });
});
