/** A private image is readable by whoever can read a record that shows it, and by nobody else. */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips } from '@/lib/server/db/entities-schema';
import { userAccess } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { findFile, type FileViewer } from '@/lib/server/storage/read-file';
import { saveFile } from '@/lib/server/storage/save-file';
import { subOf } from './tokens';
import { fixtureReference } from './references';

let owner: FileViewer;
let other: FileViewer;
let hash = '';
let ipKey = '';

async function viewer(email: string): Promise<FileViewer> {
  const sub = await subOf(email);
  const db = await getDb();
  const access = (await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub))).map(
    (r) => r.entry,
  );
  return { sub, access };
}

async function readable(who: FileViewer): Promise<boolean> {
  const db = await getDb();
  return findFile(db, hash, who).then(
    () => true,
    () => false,
  );
}

beforeAll(async () => {
  await ensureReady();
  owner = await viewer('designer@example.com');
  other = await viewer('studio@example.com');
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const db = await getDb();
  hash = (await saveFile(db, { bytes: png, name: 'art.png', owner: owner.sub })).hash;
  ipKey = newKey();
  await db.insert(ips).values({
    key: ipKey,
    reference: fixtureReference('IP'),
    name: 'Draft art',
    kind: 'secondary',
    state: 'draft',
    owner: owner.sub,
    images: [{ hash, name: 'art.png' }],
  });
});

it('keeps a draft IP image to its uploader', async () => {
  expect(await readable(owner)).toBe(true);
  expect(await readable(other)).toBe(false);
});

it('shows an approved IP image to every signed-in reader of the IP', async () => {
  await (await getDb()).update(ips).set({ state: 'approved' }).where(eq(ips.key, ipKey));
  expect(await readable(other)).toBe(true);
  await (await getDb()).update(ips).set({ state: 'draft' }).where(eq(ips.key, ipKey));
  expect(await readable(other)).toBe(false);
});
