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

  it('serve ReDoc a document of its own that starts it on the live /openapi.json', () => {
    const asset = vendorAsset('redoc.html');
    const text = asset && 'body' in asset ? asset.body.toString('utf8') : '';
    expect(asset?.type).toBe('text/html; charset=utf-8');
    // The standalone bundle renders into the first <redoc> element, so it must come after it.
    expect(text.indexOf('<redoc spec-url="/openapi.json">')).toBeGreaterThan(0);
    expect(text.indexOf('<script src="/api/assets/redoc.js">')).toBeGreaterThan(text.indexOf('<redoc '));
    expect(asset?.size).toBe(Buffer.byteLength(text));
  });

  it('serve only the names they list, not the properties every object has', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '../package.json']) {
      expect(vendorAsset(name), name).toBeNull();
    }
    expect(vendorAsset('swagger-ui.css')).not.toBeNull();
  });
});
