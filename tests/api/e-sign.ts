/**
 * Signs a license's contract the way a person does (DESIGN §1 "contracts"): read the SHA-256 of
 * the PDF from /api/pdf/attr/{id}, then sign it with a typed name and a drawn signature through
 * /api/pdf/sign/{id}. The license moves to signed (licensee) or active (holder) with the signature.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FlowApi } from './flow-api';

let drawn: Promise<string> | undefined;

/** A small PNG with one stroke, as the signature pad would send it. */
export function signaturePng(): Promise<string> {
  drawn ??= sharp({ create: { width: 200, height: 60, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="200" height="60"><path d="M8 48 C 50 8, 110 56, 192 14" stroke="black" stroke-width="3" fill="none"/></svg>',
        ),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer()
    .then((png) => `data:image/png;base64,${png.toString('base64')}`);
  return drawn;
}

export async function eSign(api: FlowApi, license: string, token: string, party: 'licensee' | 'holder'): Promise<void> {
  const attr = await api.call<{ status: number; data: { sha256: string } }>('GET', `/api/pdf/attr/${license}`, token);
  expect(attr.json.status, JSON.stringify(attr.json)).toBe(0);
  const signed = await api.call('POST', `/api/pdf/sign/${license}`, token, {
    party,
    sha256: attr.json.data.sha256,
    typedName: party === 'licensee' ? 'Licensee Signer' : 'Holder Signer',
    signature: await signaturePng(),
    consent: true,
  });
  expect(signed.json.status, `${party} signature: ${JSON.stringify(signed.json)}`).toBe(0);
}
