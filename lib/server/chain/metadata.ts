import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { designers, holders, type ips } from '../db/entities-schema';
import { files } from '../db/schema';
import { cidFromSha256 } from '../storage/cid';
import { blobKey } from '../storage/blob-keys';
import { getBlobStore } from '../storage/blob-store';

type IpRow = typeof ips.$inferSelect;

/** The ERC-721 metadata JSON of an IP (the shape wallets and marketplaces read). */
export interface WrapperMetadata {
  name: string;
  description: string;
  image?: string;
  attributes: { trait_type: string; value: string }[];
}

export async function metadataOf(db: Db, ip: IpRow): Promise<WrapperMetadata> {
  const [holder] = ip.holder ? await db.select({ name: holders.name }).from(holders).where(eq(holders.key, ip.holder)) : [];
  const [designer] = ip.designer
    ? await db
        .select({ creator: designers.creator_name, corporate: designers.corporate_name })
        .from(designers)
        .where(eq(designers.key, ip.designer))
    : [];
  const image = ip.images.find((ref) => /^[0-9a-f]{64}$/.test(ref.hash));
  return {
    name: ip.name,
    description: ip.description ?? '',
    ...(image ? { image: `ipfs://${cidFromSha256(image.hash)}` } : {}),
    attributes: [
      { trait_type: 'IP key', value: ip.key },
      { trait_type: 'Holder', value: holder?.name || ip.holder || '' },
      { trait_type: 'Designer', value: designer?.corporate || designer?.creator || ip.designer || '' },
    ],
  };
}

/**
 * Stores the metadata JSON in the content-addressed file store as a public file (a token URI is
 * public on the chain anyway) and answers its CIDv1. The same metadata gives the same CID.
 */
export async function storeMetadata(db: Db, ipKey: string, metadata: WrapperMetadata, owner: string): Promise<string> {
  const bytes = Buffer.from(JSON.stringify(metadata), 'utf8');
  const hash = createHash('sha256').update(bytes).digest('hex');
  await (await getBlobStore()).put(blobKey(hash), bytes, 'application/json');
  await db
    .insert(files)
    .values({ hash, mime: 'application/json', size: bytes.length, name: `ip-${ipKey}.json`, owner, public: true })
    .onConflictDoUpdate({ target: files.hash, set: { public: true } });
  return cidFromSha256(hash);
}
