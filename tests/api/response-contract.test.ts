import { describe, expect, it } from 'vitest';
import { checkResponse } from './response-contract';

// The check every API test's answers pass through (harness.ts): it must refuse a shape the
// document does not describe, or the typed client's types could drift from what routes send.
describe('answers checked against /openapi.json', () => {
  it('refuses a status-0 answer whose data does not match the operation', () => {
    expect(() => checkResponse('GET', '/api/pdf/attr/abc', 200, { status: 0, data: { state: 'lost', sha256: 7 } })).toThrow(
      /GET \/api\/pdf\/attr\/\{id\} answered a shape/,
    );
  });

  it('passes a matching answer, an error envelope and a path outside the document', () => {
    expect(() =>
      checkResponse('POST', '/api/v1/IP/query', 200, { status: 0, data: { items: [], nextCursor: null } }),
    ).not.toThrow();
    expect(() => checkResponse('GET', '/api/pdf/attr/abc', 404, { status: 2, data: 'not found' })).not.toThrow();
    expect(() => checkResponse('GET', '/api/nothing/here', 200, { status: 0, data: 1 })).not.toThrow();
  });

  it('matches a literal path before a templated one', () => {
    expect(() => checkResponse('POST', '/api/v1/IP/query', 200, { status: 0, data: { items: 'none' } })).toThrow(
      /\/api\/v1\/IP\/query/,
    );
  });
});
