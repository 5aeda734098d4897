import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { credentialSchemas } from '../db/platform-schema';
import { LICENSE_CREDENTIAL } from './license-document';
import { issuerId } from './signing-keys';

/** The JSON Schema of a LicenseCredential's credentialSubject (what /schema/get answers). */
export const licenseSubjectSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: LICENSE_CREDENTIAL,
  type: 'object',
  required: ['license', 'ip', 'licensee', 'territory', 'term'],
  properties: {
    id: { type: 'string', description: 'urn:ipl:licensee:<licensee key>' },
    license: {
      type: 'object',
      required: ['key', 'state'],
      properties: { key: { type: 'string' }, state: { type: 'string' } },
    },
    ip: { type: 'object', required: ['key', 'name'], properties: { key: { type: 'string' }, name: { type: 'string' } } },
    licensee: {
      type: 'object',
      required: ['key', 'name'],
      properties: { key: { type: 'string' }, name: { type: 'string' } },
    },
    territory: { type: 'array', items: { type: 'string' } },
    term: {
      type: 'object',
      required: ['start', 'end'],
      properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
    },
  },
} as const;

const licenseMeta = {
  title: { jp: 'ライセンス証明書', en: 'License credential' },
  description: {
    jp: '有効なライセンス契約（IP、ライセンシー、地域、期間）を証明します。契約の終了・満了で失効します。',
    en: 'Attests an active license (IP, licensee, territory and term). Revoked when the license is terminated or expires.',
  },
  format: 'vc+jwt',
  alg: 'ES256',
};

export type CredentialSchemaRow = typeof credentialSchemas.$inferSelect;

/**
 * The LicenseCredential schema row, written on first use (no migration seeds it). Later calls
 * read it back with whatever enabled/published flags an administrator has set since.
 */
export async function ensureLicenseSchema(db: Db): Promise<CredentialSchemaRow> {
  const [found] = await db.select().from(credentialSchemas).where(eq(credentialSchemas.key, LICENSE_CREDENTIAL)).limit(1);
  if (found) return found;
  await db
    .insert(credentialSchemas)
    .values({
      key: LICENSE_CREDENTIAL,
      name: LICENSE_CREDENTIAL,
      version: '1.0',
      issuer: issuerId(),
      schema: licenseSubjectSchema as unknown as Record<string, unknown>,
      meta: licenseMeta,
      enabled: true,
      published: true,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(credentialSchemas).where(eq(credentialSchemas.key, LICENSE_CREDENTIAL)).limit(1);
  return row!;
}
