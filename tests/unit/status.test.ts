import { describe, expect, it } from 'vitest';
import { isConnected, versionAbove } from '@/lib/client/status';

describe('SPEC §4/§9 Connection indicator: green with label and version above 0.2', () => {
  it('is green only with a label and a version above 0.2', () => {
    expect(isConnected({ label: 'IPL', version: '0.3.0' })).toBe(true);
    expect(isConnected({ label: 'IPL', version: '0.2.1' })).toBe(true);
    expect(isConnected({ label: 'IPL', version: '0.10' })).toBe(true);
    expect(isConnected({ label: 'IPL', version: 1 })).toBe(true);
    expect(isConnected({ label: 'IPL', version: '0.2' })).toBe(false);
    expect(isConnected({ label: 'IPL', version: '0.2.0' })).toBe(false);
    expect(isConnected({ label: 'IPL', version: '0.1.9' })).toBe(false);
    expect(isConnected({ label: '', version: '1.0' })).toBe(false);
    expect(isConnected({ version: '1.0' })).toBe(false);
    expect(isConnected({ label: 'IPL' })).toBe(false);
    expect(isConnected({ label: 'IPL', version: 'abc' })).toBe(false);
    expect(isConnected(null)).toBe(false);
  });

  it('compares dotted versions part by part', () => {
    expect(versionAbove('v0.3', '0.2')).toBe(true);
    expect(versionAbove('0.19', '0.2')).toBe(true);
    expect(versionAbove('0.1.99', '0.2')).toBe(false);
  });
});
