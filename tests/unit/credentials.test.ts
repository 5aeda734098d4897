import { describe, expect, it } from 'vitest';
import { entityNames, fieldsOf, typeOf } from '@/components/credentials/EntitySchemas';
import { verifyUrl } from '@/components/credentials/ProductQr';
import {
  credentialId,
  credentialStatus,
  keyOfCredentialId,
  licenseCredentialPayload,
  matchesQuery,
  type LicenseClaims,
} from '@/lib/server/credentials/license-document';
import { credentialsOf } from '@/lib/server/credentials/presentation';

const claims: LicenseClaims = {
  license: { key: 'L1', state: 'active' },
  ip: { key: 'IP1', name: 'Mascot' },
  licensee: { key: 'ORG1', name: 'Snacks Ltd.' },
  territory: ['JP'],
  term: { start: '2026-01-01T00:00:00.000Z', end: '2026-12-31T00:00:00.000Z' },
};

describe('license credential document', () => {
  it('is a VC data model v2 credential with JWT claims mirroring its validity', () => {
    const payload = licenseCredentialPayload({
      key: 'K1',
      issuer: 'did:web:ip.example',
      baseUrl: 'https://ip.example',
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: '7',
        statusListCredential: 'https://ip.example/api/credentials/status/1',
      },
      claims,
      issuedAt: new Date('2026-02-01T00:00:00Z'),
    });
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: 'urn:ipl:credential:K1',
      type: ['VerifiableCredential', 'LicenseCredential'],
      issuer: 'did:web:ip.example',
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2026-12-31T00:00:00.000Z',
      credentialSubject: { id: 'urn:ipl:licensee:ORG1', ip: { name: 'Mascot' } },
      credentialStatus: { type: 'BitstringStatusListEntry', statusListIndex: '7' },
      credentialSchema: { id: 'https://ip.example/api/core/schema/get/LicenseCredential' },
      iss: 'did:web:ip.example',
      jti: 'urn:ipl:credential:K1',
      iat: Date.parse('2026-02-01T00:00:00Z') / 1000,
      nbf: Date.parse('2026-01-01T00:00:00Z') / 1000,
      exp: Date.parse('2026-12-31T00:00:00Z') / 1000,
    });
  });

  it('reads its key back from the credential id only in our own form', () => {
    expect(keyOfCredentialId(credentialId('abc123'))).toBe('abc123');
    expect(keyOfCredentialId('urn:other:abc')).toBeNull();
    expect(keyOfCredentialId('urn:ipl:credential:a/b')).toBeNull();
    expect(keyOfCredentialId(42)).toBeNull();
  });
});

describe('credentialStatus', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const term = { validFrom: new Date('2026-01-01T00:00:00Z'), validUntil: new Date('2026-12-31T00:00:00Z') };

  it('is valid inside the term, expired after it and not yet valid before it', () => {
    expect(credentialStatus({ revoked: false, licenseState: 'active', ...term, now })).toBe('valid');
    expect(credentialStatus({ revoked: false, licenseState: 'active', ...term, now: new Date('2027-01-01T00:00:00Z') })).toBe(
      'expired',
    );
    expect(credentialStatus({ revoked: false, licenseState: 'active', ...term, now: new Date('2025-12-31T00:00:00Z') })).toBe(
      'not_yet_valid',
    );
  });

  it('reads a revoked credential as expired when its license expired, else revoked', () => {
    expect(credentialStatus({ revoked: true, licenseState: 'expired', ...term, now })).toBe('expired');
    expect(credentialStatus({ revoked: true, licenseState: 'terminated', ...term, now })).toBe('revoked');
    expect(credentialStatus({ revoked: true, licenseState: 'active', ...term, now })).toBe('revoked');
    expect(credentialStatus({ revoked: false, licenseState: 'terminated', ...term, now })).toBe('revoked');
  });
});

describe('matchesQuery', () => {
  const credential = { type: 'LicenseCredential', claims: claims as unknown as Record<string, unknown> };
  it('matches on type, ip and licensee when asked', () => {
    expect(matchesQuery(credential, {})).toBe(true);
    expect(matchesQuery(credential, { type: 'LicenseCredential', ip: 'IP1', licensee: 'ORG1' })).toBe(true);
    expect(matchesQuery(credential, { type: 'OtherCredential' })).toBe(false);
    expect(matchesQuery(credential, { ip: 'IP2' })).toBe(false);
    expect(matchesQuery(credential, { licensee: 'ORG2' })).toBe(false);
  });
});

describe('presentations', () => {
  it('unwrap enveloped credentials', () => {
    expect(
      credentialsOf({
        verifiableCredential: [
          { type: 'EnvelopedVerifiableCredential', id: 'data:application/vc+jwt,a.b.c' },
          'd.e.f',
          { id: 3 },
        ],
      }),
    ).toEqual(['a.b.c', 'd.e.f']);
    expect(credentialsOf({})).toEqual([]);
  });
});

describe('entity schema table', () => {
  const schemas = {
    License: {
      type: 'object',
      required: ['key', 'ip'],
      properties: {
        key: { type: 'string', readOnly: true },
        ip: { type: 'string' },
        term_start: { type: 'string', format: 'date-time' },
        territory: { type: 'array', items: { type: 'string' } },
        state: { type: 'string', enum: ['applied', 'active'] },
        notes: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    },
    LicenseCreate: { type: 'object' },
    LicensePatch: { type: 'object' },
    Envelope: { type: 'object' },
  };

  it('lists the entities (schemas with a Create companion) and their fields', () => {
    expect(entityNames(schemas)).toEqual(['License']);
    expect(fieldsOf(schemas.License)).toEqual([
      { name: 'key', type: 'string', required: true, readOnly: true },
      { name: 'ip', type: 'string', required: true, readOnly: false },
      { name: 'term_start', type: 'string (date-time)', required: false, readOnly: false },
      { name: 'territory', type: 'array<string>', required: false, readOnly: false },
      { name: 'state', type: 'enum: applied | active', required: false, readOnly: false },
      { name: 'notes', type: 'string', required: false, readOnly: false },
    ]);
    expect(typeOf(undefined)).toBe('');
  });
});

describe('verifyUrl', () => {
  it('fills the verification page template with the language and the product key', () => {
    expect(verifyUrl('https://ip.example/{lang}/verify/{id}', 'jp', 'P1')).toBe('https://ip.example/jp/verify/P1');
  });
});
