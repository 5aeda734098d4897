import { eq } from 'drizzle-orm';
import { ZeroAddress, getAddress, keccak256, toUtf8Bytes, type ContractTransactionResponse } from 'ethers';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import { LOCKS, withAdvisoryLock } from '../db/advisory-lock';
import { getDbHandle, type Db } from '../db/client';
import { ips } from '../db/entities-schema';
import { chainMints } from '../db/platform-schema';
import { users } from '../db/schema';
import { personName } from '../naming/format';
import { peopleOf } from '../users/people';
import { key, sub } from '../entities/field-rules';
import { callerIn, forbidden } from '../roles/role-lists';
import { getChain, type Chain } from './client';
import { metadataOf, storeMetadata } from './metadata';
import { PermanentJobError } from '../jobs/define';
import { chainMintJob } from '../jobs/kinds/chain-mint';
import { runJobNow } from '../jobs/run-now';

/** Body of POST /api/eth/mintwrapper. */
export const mintWrapperInput = z.object({ ip_id: key(), sub: sub() }).strict();
/** Query of GET /api/eth/mintwrapper. */
export const mintWrapperQuery = z.object({ ip_id: key() }).strict();

/** IP states a wrapper may be minted in: an approved secondary IP or a published primary one. */
export const MINTABLE_STATES = ['approved', 'published'] as const;

export interface MintRecord {
  ip_id: string;
  tokenId: string;
  contract: string;
  chainId: number;
  owner: string;
  sub: string;
  metadataCid: string;
  tokenURI: string;
  txHash: string;
  dateCreated: Date;
  /** True when this call sent the mint transaction; false when the token existed already. */
  minted: boolean;
}

const messages = {
  notApproved: {
    jp: '承認済み（または公開済み）の IP だけをトークン化できます。',
    en: 'Only an approved (or published) IP can be minted.',
  },
  noUser: { jp: 'このユーザーは存在しません。', en: 'There is no such user.' },
  unavailable: {
    jp: 'ブロックチェーンに接続できませんでした。しばらくしてからもう一度お試しください。',
    en: 'The blockchain could not be reached. Please try again later.',
  },
} satisfies Record<string, Bilingual>;

/**
 * The token goes to the wallet of the IP's owner; without one, say whose address is missing and
 * who registers it where (the owner, on their own profile page), not "this user".
 */
export function noWalletMessage(owner: string, self: boolean): Bilingual {
  if (self)
    return {
      jp: 'あなたのウォレットアドレスが登録されていないため、トークンを発行できません。プロフィール（右上のメニュー → プロフィール）の「ウォレットアドレス」に登録してから、もう一度お試しください。',
      en: 'The token cannot be minted because you have not registered a wallet address. Add it under "Wallet address" on your Profile page (top-right menu → Profile), then try again.',
    };
  return {
    jp: `この IP の所有者である${owner}さんがウォレットアドレスを登録していないため、トークンを発行できません。トークンは所有者のウォレットに発行されます。${owner}さんにプロフィール（右上のメニュー → プロフィール）の「ウォレットアドレス」への登録を依頼し、登録後にもう一度お試しください。`,
    en: `The token cannot be minted because the IP's owner, ${owner}, has not registered a wallet address; the token goes to the owner's wallet. Ask ${owner} to add it under "Wallet address" on their Profile page (top-right menu → Profile), then try again.`,
  };
}

/** The token id of an IP: the first 64 bits of keccak-256 of its key, so one IP can only ever have one token. */
export function tokenIdOf(ipKey: string): bigint {
  return BigInt(keccak256(toUtf8Bytes(`ipl:ip:${ipKey}`)).slice(0, 18));
}

type MintRow = typeof chainMints.$inferSelect;

function recordOf(row: MintRow, minted: boolean): MintRecord {
  return {
    ip_id: row.ip,
    tokenId: row.tokenId,
    contract: row.contract,
    chainId: row.chainId,
    owner: row.owner,
    sub: row.sub,
    metadataCid: row.metadataCid,
    tokenURI: `ipfs://${row.metadataCid}`,
    txHash: row.txHash,
    dateCreated: row.dateCreated,
    minted,
  };
}

// One mint at a time: in this process by a queue, across replicas on PostgreSQL by an advisory
// lock. The signer's nonces stay in order and a second call for the same IP, wherever it lands,
// sees the row the first one wrote.
let queue: Promise<unknown> = Promise.resolve();
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const locked = async () => withAdvisoryLock(await getDbHandle(), LOCKS.mint, work);
  const run = queue.then(locked, locked);
  queue = run.catch(() => undefined);
  return run;
}

async function connected(lang: Caller['lang']): Promise<Chain> {
  try {
    return await getChain();
  } catch (err) {
    console.error('[chain] not reachable:', (err as Error).message);
    throw fieldError(lang, { ip_id: { message: messages.unavailable } }, { conflict: true, message: 'chain unavailable' });
  }
}

async function findIp(db: Db, ipKey: string) {
  const [ip] = await db.select().from(ips).where(eq(ips.key, ipKey));
  if (!ip) throw new AppError('not_found', 'IP not found');
  return ip;
}

/** Holder staff (admin, product) for anyone; the IP's owner for themselves only. */
function assertMayMint(caller: Caller, ipOwner: string | null, forSub: string): void {
  if (callerIn(caller, 'holderProductOnly')) return;
  if (ipOwner && ipOwner === caller.sub && forSub === caller.sub) return;
  forbidden();
}

/** The token already on the chain for this id, with the transaction that minted it, or null. */
async function existingToken(chain: Chain, tokenId: bigint): Promise<{ owner: string; txHash: string } | null> {
  let owner: string;
  try {
    owner = (await chain.contract.getFunction('ownerOf').staticCall(tokenId)) as string;
  } catch {
    return null; // ERC721NonexistentToken
  }
  const logs = await chain.contract.queryFilter(chain.contract.filters.Transfer(ZeroAddress, null, tokenId), 0);
  return { owner: getAddress(owner), txHash: logs[0]?.transactionHash ?? '' };
}

/** Mints the token of an IP (the chain.mint job): one at a time, and never a second token for one IP. */
export async function performMint(
  db: Db,
  input: { ip: string; sub: string; by: string },
  commit: (record: (tx: Db) => Promise<MintRecord>) => Promise<MintRecord>,
): Promise<MintRecord> {
  return serialised(async () => {
    const chain = await getChain();
    const ip = await findIp(db, input.ip);
    const [recorded] = await db.select().from(chainMints).where(eq(chainMints.ip, ip.key));
    if (recorded && recorded.contract === chain.contractAddress && recorded.chainId === chain.chainId) {
      return commit(async () => recordOf(recorded, false));
    }
    const [user] = await db.select({ wallet: users.wallet }).from(users).where(eq(users.sub, input.sub));
    if (!user?.wallet) throw new PermanentJobError(`user ${input.sub} has no wallet`);
    const to = getAddress(user.wallet);
    const metadataCid = await storeMetadata(db, ip.key, await metadataOf(db, ip), input.by);
    const tokenId = tokenIdOf(ip.key);
    let owner = to;
    let txHash: string;
    let minted = false;
    try {
      // A job run again after a crash between the mint and its row finds the token and records it.
      const onChain = await existingToken(chain, tokenId);
      if (onChain) {
        owner = onChain.owner;
        txHash = onChain.txHash;
      } else {
        const tx = (await chain.contract.getFunction('mint')(
          to,
          tokenId,
          `ipfs://${metadataCid}`,
        )) as ContractTransactionResponse;
        const receipt = await tx.wait();
        if (!receipt || receipt.status !== 1) throw new Error(`mint transaction ${tx.hash} failed`);
        txHash = receipt.hash;
        minted = true;
      }
      // The embedded chain's state file holds the token before the row says it exists (a failed
      // save answers as a failed mint; the retry finds the token on the chain and saves again).
      await chain.save();
    } catch (err) {
      chain.signer.reset();
      throw err;
    }
    const values = {
      ip: ip.key,
      tokenId: tokenId.toString(),
      contract: chain.contractAddress,
      chainId: chain.chainId,
      owner,
      sub: input.sub,
      metadataCid,
      txHash,
      dateCreated: new Date(),
    };
    return commit(async (tx) => {
      const [row] = await tx
        .insert(chainMints)
        .values(values)
        .onConflictDoUpdate({ target: chainMints.ip, set: values })
        .returning();
      return recordOf(row!, minted);
    });
  });
}

/** How long POST /api/eth/mintwrapper waits for its mint before answering that it continues. */
const MINT_WAIT_MS = 60_000;

/**
 * POST /api/eth/mintwrapper: mints the ERC-721 wrapping an approved IP to a user's wallet, with
 * tokenURI ipfs://<CID of the IP's metadata JSON>. The mint is a durable job (chain.mint),
 * written with the request and run after it commits; the request waits for it and answers the
 * token. Idempotent per IP: a later call answers the recorded token and sends nothing. A record
 * made on another chain or contract (a fresh dev chain) is minted again on the current one.
 */
export async function mintWrapper(db: Db, caller: Caller, body: unknown): Promise<MintRecord> {
  const input = validateInput(mintWrapperInput, body, caller.lang);
  const ip = await findIp(db, input.ip_id);
  assertMayMint(caller, ip.owner, input.sub);
  const chain = await connected(caller.lang);
  const [recorded] = await db.select().from(chainMints).where(eq(chainMints.ip, ip.key));
  if (recorded && recorded.contract === chain.contractAddress && recorded.chainId === chain.chainId) {
    return recordOf(recorded, false);
  }
  if (!(MINTABLE_STATES as readonly string[]).includes(ip.state)) {
    throw fieldError(caller.lang, { ip_id: { message: messages.notApproved } }, { message: 'IP not approved' });
  }
  const [user] = await db.select({ wallet: users.wallet }).from(users).where(eq(users.sub, input.sub));
  if (!user) throw fieldError(caller.lang, { sub: { message: messages.noUser } });
  if (!user.wallet) {
    const [person] = await peopleOf(db, [input.sub]);
    const message = noWalletMessage(personName(person, caller.lang), input.sub === caller.sub);
    throw fieldError(caller.lang, { sub: { message } }, { message: 'no wallet' });
  }
  const job = await db.transaction((tx) => chainMintJob.submit(tx, { ip: ip.key, sub: input.sub, by: caller.sub }));
  const outcome = await runJobNow(db, chainMintJob, job.key, MINT_WAIT_MS);
  const [row] = await db.select().from(chainMints).where(eq(chainMints.ip, ip.key));
  // Minted "by this call": it wrote the job (others joined it) and the job sent the transaction,
  // whichever worker ran it.
  if (outcome.state === 'done' && row) return recordOf(row, job.created && outcome.result?.minted === true);
  console.error(`[chain] mint of IP ${ip.key} did not finish: ${outcome.lastError ?? outcome.state}`);
  throw fieldError(caller.lang, { ip_id: { message: messages.unavailable } }, { conflict: true, message: 'mint failed' });
}

/** GET /api/eth/mintwrapper?ip_id=: the recorded token of an IP or null; to holder roles and the IP's owner. */
export async function readMint(db: Db, caller: Caller, query: unknown): Promise<MintRecord | null> {
  const input = validateInput(mintWrapperQuery, query, caller.lang);
  const ip = await findIp(db, input.ip_id);
  if (!callerIn(caller, 'holder') && ip.owner !== caller.sub) forbidden();
  const [row] = await db.select().from(chainMints).where(eq(chainMints.ip, ip.key));
  return row ? recordOf(row, false) : null;
}
