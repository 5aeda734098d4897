import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base32, base32Decode, cidFromSha256, cidOf, sha256FromCid } from '@/lib/server/storage/cid';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('base32 (RFC 4648, lower case, no padding)', () => {
  it('encodes the RFC 4648 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32(Buffer.from(text))).toBe(encoded);
      expect(Buffer.from(base32Decode(encoded)!).toString()).toBe(text);
    }
  });

  it('refuses text that is not canonical base32', () => {
    expect(base32Decode('mzxw6ytb0i')).toBeNull();
    expect(base32Decode('m')).toBeNull();
    expect(base32Decode('mz')).toBeNull();
  });
});

describe('CIDv1 raw sha2-256', () => {
  it('gives the known CID of the empty input', () => {
    expect(cidOf(Buffer.alloc(0))).toBe('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
    expect(cidFromSha256('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBe(
      'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
    );
  });

  it('gives the CID of "hello" (sha-256 from sha256sum, base32 from Python base64.b32encode)', () => {
    // printf 'hello' | sha256sum
    expect(sha256('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(cidFromSha256(sha256('hello'))).toBe('bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq');
    expect(cidOf(Buffer.from('hello'))).toBe('bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq');
  });

  it('reads the sha-256 back out of a CID and refuses anything else', () => {
    const hash = sha256('hello');
    expect(sha256FromCid(cidFromSha256(hash))).toBe(hash);
    expect(sha256FromCid('bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4ye')).toBeNull();
    // CIDv1 dag-pb (0x70) of the same digest: another codec.
    expect(sha256FromCid(`b${base32(Uint8Array.from([1, 0x70, 0x12, 0x20, ...Buffer.from(hash, 'hex')]))}`)).toBeNull();
    expect(sha256FromCid('Qmfoo')).toBeNull();
  });

  it('refuses digests that are not 32 bytes', () => {
    expect(() => cidFromSha256('abcd')).toThrow(TypeError);
    expect(() => cidFromSha256(new Uint8Array(31))).toThrow(TypeError);
  });
});
