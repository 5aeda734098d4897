import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '@/lib/server/api/client-address';
import { checkRequestParams, isPathSegment, pathParamNames } from '@/lib/server/api/params';
import { parseTrustProxy } from '@/lib/server/api/trust-proxy';

const req = (peer: string, forwarded?: string) => ({
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  socket: { remoteAddress: peer },
});

describe('TRUST_PROXY and the client address', () => {
  it('reads the setting: off, any peer, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('true')).toEqual({ kind: 'all' });
    expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,192.168.1.2')).toEqual({
      kind: 'list',
      entries: ['10.0.0.0/8', '::1', '192.168.1.2'],
    });
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/x', 'fd00::/129'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });

  it('without TRUST_PROXY: the socket peer, whatever X-Forwarded-For claims', () => {
    const none = parseTrustProxy('');
    expect(clientAddressOf(req('::ffff:127.0.0.1', '203.0.113.66, 10.0.0.1'), none)).toBe('127.0.0.1');
    expect(clientAddressOf(req('2001:db8::5', '203.0.113.66'), none)).toBe('2001:db8::5');
  });

  it('with named proxies: hop by hop from the right while each hop came from a named proxy', () => {
    const spoofed = '203.0.113.66, 10.0.0.1';
    expect(clientAddressOf(req('127.0.0.1', spoofed), parseTrustProxy('127.0.0.1'))).toBe('10.0.0.1');
    expect(clientAddressOf(req('127.0.0.1', spoofed), parseTrustProxy('127.0.0.1,10.0.0.0/8'))).toBe('203.0.113.66');
    // A peer that is not a named proxy: its header is not believed at all.
    expect(clientAddressOf(req('198.51.100.1', spoofed), parseTrustProxy('127.0.0.1,10.0.0.0/8'))).toBe('198.51.100.1');
    // A hop that is not an address ends the chain where it is.
    expect(clientAddressOf(req('127.0.0.1', 'evil, not-an-ip'), parseTrustProxy('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddressOf(req('127.0.0.1', '2001:db8::7'), parseTrustProxy('127.0.0.0/8'))).toBe('2001:db8::7');
    expect(clientAddressOf(req('127.0.0.1'), parseTrustProxy('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('with true: every peer is a proxy, the left-most address is the client', () => {
    expect(clientAddressOf(req('127.0.0.1', '203.0.113.66, 10.0.0.1'), parseTrustProxy('true'))).toBe('203.0.113.66');
  });
});

describe('the shared rule for route identifiers', () => {
  it('accepts short URL-safe identifiers and refuses NUL, control characters, odd alphabets and overlong ones', () => {
    for (const ok of [
      'A'.repeat(48),
      'mine',
      'terms-common',
      'abc.def_1',
      'auth0|123',
      'user@example.com',
      '-8hkqFSosSlKvRkcvyRxylVw8I59nKr_',
      '_lead',
    ])
      expect(isPathSegment(ok)).toBe(true);
    for (const bad of [
      '',
      '\u0000',
      'a\u0000b',
      'k'.repeat(201),
      '😀',
      'ｋｅｙ',
      '../x',
      'a b',
      '<script>',
      '.',
      '..',
      '.hidden',
    ])
      expect(isPathSegment(bad)).toBe(false);
  });

  it('tells path parameters from the query string as Next puts both into req.query', () => {
    expect(pathParamNames({ url: '/api/v1/IP/abc?limit=5', query: { entity: 'IP', id: 'abc', limit: '5' } })).toEqual([
      'entity',
      'id',
    ]);
  });

  it('a bad path identifier is not found (404); a bad query value is a 400 naming the parameter', () => {
    const nul = () => checkRequestParams({ url: '/api/liquid/issue/%00', query: { id: '\u0000' } }, 'en');
    expect(nul).toThrow(expect.objectContaining({ code: 'not_found' }));
    const query = () => checkRequestParams({ url: '/api/sales/totals?license=%00', query: { license: '\u0000' } }, 'jp');
    expect(query).toThrow(
      expect.objectContaining({ code: 'validation', data: expect.objectContaining({ errors: { license: expect.any(String) } }) }),
    );
    expect(() => checkRequestParams({ url: '/api/home?q=%E3%81%82', query: { q: 'あ' } }, 'jp')).not.toThrow();
  });
});
