import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { credentials, credentialStatusLists } from '../db/platform-schema';
import { bitstringOf, encodeStatusList, MIN_STATUS_LIST_BITS } from './bitstring';
import { VC_CONTEXT } from './license-document';

/**
 * Revocation of license credentials as W3C Bitstring Status Lists: every credential gets an entry
 * (list, index) when it is issued; the list is published as a signed BitstringStatusListCredential
 * at /api/credentials/status/{list}, and a credential's bit is set from the moment its row is
 * marked revoked (the same transaction that terminates or expires the license).
 */
export const STATUS_PURPOSE = 'revocation';

export interface StatusEntry {
  list: number;
  index: number;
}

export function statusListUrl(list: number): string {
  return `${getConfig().appUrl}/api/credentials/status/${list}`;
}

/** The credentialStatus of a credential holding `entry`. */
export function statusListEntry(entry: StatusEntry) {
  const url = statusListUrl(entry.list);
  return {
    id: `${url}#${entry.index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(entry.index),
    statusListCredential: url,
  };
}

/** The (list, index) a credentialStatus names when it points into one of this site's lists. */
export function entryOf(credentialStatus: unknown): StatusEntry | null {
  const status = (Array.isArray(credentialStatus) ? credentialStatus : [credentialStatus]).find(
    (s: unknown): s is Record<string, unknown> =>
      !!s && typeof s === 'object' && (s as Record<string, unknown>).type === 'BitstringStatusListEntry',
  );
  if (!status || status.statusPurpose !== STATUS_PURPOSE) return null;
  const match = /\/api\/credentials\/status\/([0-9]{1,9})$/.exec(String(status.statusListCredential));
  const index = Number(status.statusListIndex);
  if (!match || !Number.isInteger(index) || index < 0) return null;
  return { list: Number(match[1]), index };
}

/**
 * The next free entry, allocated in the caller's (issuing) transaction: the list row is locked by
 * the update, so concurrent issuances get distinct indexes; a full list is followed by a new one.
 */
export async function allocateStatusEntry(tx: Db): Promise<StatusEntry> {
  for (;;) {
    const [taken] = await tx
      .update(credentialStatusLists)
      .set({ nextIndex: sql`${credentialStatusLists.nextIndex} + 1` })
      .where(
        sql`${credentialStatusLists.id} = (select ${credentialStatusLists.id} from ${credentialStatusLists}
          where ${lt(credentialStatusLists.nextIndex, credentialStatusLists.size)}
          order by ${asc(credentialStatusLists.id)} limit 1)`,
      )
      .returning({ list: credentialStatusLists.id, next: credentialStatusLists.nextIndex });
    if (taken) return { list: taken.list, index: taken.next - 1 };
    const [last] = await tx
      .select({ id: credentialStatusLists.id })
      .from(credentialStatusLists)
      .orderBy(sql`${credentialStatusLists.id} desc`)
      .limit(1);
    await tx
      .insert(credentialStatusLists)
      .values({ id: (last?.id ?? 0) + 1, purpose: STATUS_PURPOSE, size: MIN_STATUS_LIST_BITS })
      .onConflictDoNothing();
  }
}

/** Is the credential at this entry revoked? Read from the list's source, now (no cache). */
export async function isEntryRevoked(db: Db, entry: StatusEntry): Promise<boolean> {
  const [row] = await db
    .select({ state: credentials.state })
    .from(credentials)
    .where(and(eq(credentials.statusList, entry.list), eq(credentials.statusIndex, entry.index)))
    .limit(1);
  return row?.state === 'revoked';
}

/**
 * The bits of one list (null if there is no such list): set for each revoked credential in it.
 * The first list is published, empty, before any credential takes an entry in it, so its address
 * (advertised by /api/core/issue/conn) always answers.
 */
export async function statusListBits(db: Db, list: number): Promise<Uint8Array | null> {
  const [row] = await db.select().from(credentialStatusLists).where(eq(credentialStatusLists.id, list)).limit(1);
  if (!row) return list === 1 ? bitstringOf([]) : null;
  const revoked = await db
    .select({ index: credentials.statusIndex })
    .from(credentials)
    .where(and(eq(credentials.statusList, list), eq(credentials.state, 'revoked'), isNotNull(credentials.statusIndex)));
  return bitstringOf(
    revoked.map((r) => r.index!),
    row.size,
  );
}

/** The unsigned BitstringStatusListCredential of a list, valid from `now` (the issuer signs it). */
export function statusListCredentialPayload(input: { list: number; issuer: string; bits: Uint8Array; now: Date }) {
  const url = statusListUrl(input.list);
  const seconds = Math.floor(input.now.getTime() / 1000);
  return {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    validFrom: input.now.toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: STATUS_PURPOSE,
      encodedList: encodeStatusList(input.bits),
    },
    iss: input.issuer,
    jti: url,
    iat: seconds,
    nbf: seconds,
  };
}
