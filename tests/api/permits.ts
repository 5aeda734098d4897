/** Approved usage permits written straight into the database, for tests about what comes after them. */
import { getDb } from '@/lib/server/db/client';
import { usages } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import { fixtureReference } from './references';

export async function grantPermit(applicant: string, ip: string, designer?: string): Promise<string> {
  const key = newKey();
  await (await getDb()).insert(usages).values({
    key,
    reference: fixtureReference('USE'),
    ip,
    applicant,
    designer: designer ?? null,
    purpose: 'test permit',
    state: 'approved',
  });
  return key;
}
