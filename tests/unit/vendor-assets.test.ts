import { describe, expect, it } from 'vitest';
import { vendorAsset } from '@/lib/server/system/vendor-assets';

describe('API viewer bundles', () => {
  it('serve ReDoc without any address of a third party it would load by itself', () => {
    const asset = vendorAsset('redoc.js');
    expect(asset && 'body' in asset).toBe(true);
    const text = asset && 'body' in asset ? asset.body.toString('utf8') : '';
    expect(text).toContain('Redoc');
    expect(text).not.toContain('cdn.redoc.ly');
    expect(asset?.size).toBe(Buffer.byteLength(text));
  });

  it('serve only the names they list, not the properties every object has', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '../package.json']) {
      expect(vendorAsset(name), name).toBeNull();
    }
    expect(vendorAsset('swagger-ui.css')).not.toBeNull();
  });
});
