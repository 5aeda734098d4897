import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { didDocumentUrl, didWebOf, kidOf, verificationMethodId } from '@/lib/server/credentials/did-web';
import { bitAt, bitstringOf, decodeStatusList, encodeStatusList, MIN_STATUS_LIST_BITS } from '@/lib/server/credentials/bitstring';
import { entryOf, statusListEntry } from '@/lib/server/credentials/status-list';

describe('did:web of APP_URL', () => {
  it('is the host name, with a port percent-encoded and a path as colon-separated segments', () => {
    expect(didWebOf('https://ip.example')).toBe('did:web:ip.example');
    expect(didWebOf('https://ip.example/')).toBe('did:web:ip.example');
    expect(didWebOf('http://localhost:3000')).toBe('did:web:localhost%3A3000');
    expect(didWebOf('https://ip.example:8443/brand/jp')).toBe('did:web:ip.example%3A8443:brand:jp');
    // The default port is not part of the origin, so it is not part of the DID either.
    expect(didWebOf('https://ip.example:443')).toBe('did:web:ip.example');
  });

  it('resolves back to where the site serves its document', () => {
    expect(didDocumentUrl(didWebOf('https://ip.example'))).toBe('https://ip.example/.well-known/did.json');
    expect(didDocumentUrl(didWebOf('http://localhost:3000'))).toBe('https://localhost:3000/.well-known/did.json');
    expect(didDocumentUrl(didWebOf('https://ip.example/brand/jp'))).toBe('https://ip.example/brand/jp/did.json');
    expect(() => didDocumentUrl('did:key:z6Mk')).toThrow();
  });

  it('names a key by DID URL and reads the key id back from either form', () => {
    const id = verificationMethodId('did:web:ip.example', 'holder-vc-abc');
    expect(id).toBe('did:web:ip.example#holder-vc-abc');
    expect(kidOf(id)).toBe('holder-vc-abc');
    expect(kidOf('holder-vc-abc')).toBe('holder-vc-abc');
    expect(kidOf('did:key:z6Mk#holder-vc-abc')).toBeNull();
    expect(kidOf(42)).toBeNull();
  });
});

describe('bitstring status list encoding', () => {
  it('is at least 131,072 bits, GZIP-compressed, multibase base64url', () => {
    const encoded = encodeStatusList(bitstringOf([]));
    expect(encoded.startsWith('u')).toBe(true);
    expect(encoded.slice(1)).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(raw.length * 8).toBe(MIN_STATUS_LIST_BITS);
    expect(raw.every((b) => b === 0)).toBe(true);
  });

  it('round-trips the set bits, index 0 being the first byte’s most significant bit', () => {
    const set = [0, 7, 8, 4242, MIN_STATUS_LIST_BITS - 1];
    const bits = bitstringOf(set);
    expect(bits[0]).toBe(0b1000_0001);
    expect(bits[1]).toBe(0b1000_0000);
    const decoded = decodeStatusList(encodeStatusList(bits));
    expect(decoded).toEqual(bits);
    for (let i = 0; i < MIN_STATUS_LIST_BITS; i++) {
      if (bitAt(decoded, i) !== set.includes(i)) throw new Error(`bit ${i} differs`);
    }
    expect(bitAt(decoded, MIN_STATUS_LIST_BITS)).toBe(false);
    expect(bitAt(decoded, -1)).toBe(false);
  });

  it('refuses an index outside the list and a list that is not multibase base64url', () => {
    expect(() => bitstringOf([MIN_STATUS_LIST_BITS])).toThrow(RangeError);
    expect(() => bitstringOf([-1])).toThrow(RangeError);
    expect(() => decodeStatusList('zabc')).toThrow();
  });
});

describe('status list entry of a credential', () => {
  it('reads back the list and index it was given, and nothing from other lists or purposes', () => {
    const status = statusListEntry({ list: 3, index: 4242 });
    expect(status).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: '4242' });
    expect(status.statusListCredential).toMatch(/\/api\/credentials\/status\/3$/);
    expect(entryOf(status)).toEqual({ list: 3, index: 4242 });
    expect(entryOf([{ type: 'Other' }, status])).toEqual({ list: 3, index: 4242 });
    expect(entryOf({ ...status, statusPurpose: 'suspension' })).toBeNull();
    expect(entryOf({ ...status, statusListIndex: '-1' })).toBeNull();
    expect(entryOf({ ...status, statusListCredential: 'https://elsewhere.example/lists/3' })).toBeNull();
    expect(entryOf({ id: 'https://ip.example/api/vc/verify/K1', type: 'IplLicenseStatus' })).toBeNull();
    expect(entryOf(undefined)).toBeNull();
  });
});
