/**
 * /api/eth/mintwrapper against the embedded EVM (anvil on a loopback test port): the wrapper is
 * compiled and deployed on first use, the token lands in the user's wallet, minting is
 * idempotent per IP, the chain keeps its state across a restart, and who may mint what.
 */
import fs from 'node:fs';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { resetChain } from '@/lib/server/chain/client';
import { wrapperArtifact } from '@/lib/server/chain/compile';
import { embeddedChain, stopEmbeddedChain } from '@/lib/server/chain/embedded';
import { getDb } from '@/lib/server/db/client';
import { ips } from '@/lib/server/db/entities-schema';
import { chainMints } from '@/lib/server/db/platform-schema';
import { newKey } from '@/lib/server/keys';
import { personName } from '@/lib/server/naming/format';
import { peopleOf } from '@/lib/server/users/people';
import { blobPath } from '@/lib/server/storage/paths';
import { sha256FromCid } from '@/lib/server/storage/cid';
import * as mintRoute from '@/pages/api/eth/mintwrapper';
import * as profileUpdate from '@/pages/api/core/users/profile/update';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Mint {
  ip_id: string;
  tokenId: string;
  contract: string;
  chainId: number;
  owner: string;
  sub: string;
  metadataCid: string;
  tokenURI: string;
  txHash: string;
  minted: boolean;
}

const WALLET = '0x1111111111111111111111111111111111111111';
const IMAGE_HASH = 'ab'.repeat(32);

let mint: RouteServer;
let profile: RouteServer;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};

async function post<T = Mint>(as: string, body: unknown) {
  return mint.request<Envelope<T>>('POST', '/api/eth/mintwrapper', { headers: { authorization: `Bearer ${tokens[as]}` }, body });
}

async function makeIp(state: string, owner: string, kind = 'secondary'): Promise<string> {
  const key = newKey();
  await (await getDb()).insert(ips).values({
    key,
    reference: fixtureReference('IP'),
    name: `Wrapped ${key.slice(0, 6)}`,
    description: 'A character for the chain test',
    kind,
    state,
    owner,
    images: [{ hash: IMAGE_HASH, name: 'front.png' }],
  });
  return key;
}

async function chainProvider(): Promise<JsonRpcProvider> {
  return new JsonRpcProvider((await embeddedChain()).url, undefined, { cacheTimeout: -1 });
}

describe('ERC-721 wrapper minting', () => {
  beforeAll(async () => {
    process.env.CHAIN_PORT = '8645';
    delete process.env.CHAIN_RPC_URL;
    delete process.env.CHAIN_CONTRACT;
    delete process.env.CHAIN_SIGNER_KEY;
    resetConfigForTests();
    await ensureReady();
    mint = await serveRoute(mintRoute, '/api/eth/mintwrapper');
    profile = await serveRoute(profileUpdate, '/api/core/users/profile/update');
    for (const [id, email] of [
      ['admin', 'admin@example.com'],
      ['holder', 'holder@example.com'],
      ['boss', 'boss@example.com'],
      ['designer', 'designer@example.com'],
      ['studio', 'studio@example.com'],
      ['user', 'user@example.com'],
    ] as const) {
      subs[id] = await subOf(email);
      tokens[id] = await issueAccessToken(subs[id]);
    }
    // The designer sets a wallet address the way a user does: through their own profile.
    const set = await profile.request<Envelope>('POST', '/api/core/users/profile/update', {
      headers: { authorization: `Bearer ${tokens.designer}` },
      body: { wallet: WALLET },
    });
    expect(set.json.status, JSON.stringify(set.json)).toBe(0);
  });

  afterAll(async () => {
    await resetChain();
    await stopEmbeddedChain();
    await Promise.all([mint?.close(), profile?.close()]);
    delete process.env.CHAIN_PORT;
  });

  it('mints an approved IP to the user’s wallet, with tokenURI ipfs://<metadata CID>', async () => {
    const ip = await makeIp('approved', subs.designer!);
    const res = await post('holder', { ip_id: ip, sub: subs.designer });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const token = res.json.data;
    expect(token).toMatchObject({ ip_id: ip, sub: subs.designer, chainId: 1337, minted: true });
    expect(token.tokenId).toMatch(/^\d+$/);
    expect(token.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(token.metadataCid).toMatch(/^b[a-z2-7]{58}$/);
    expect(token.tokenURI).toBe(`ipfs://${token.metadataCid}`);
    expect(fs.existsSync(`${getConfig().dataDir}/chain/IPWrapper.json`)).toBe(true);

    // Read back from the EVM itself, as any wallet would.
    const provider = await chainProvider();
    const contract = new Contract(token.contract, (await wrapperArtifact()).abi, provider);
    expect(((await contract.getFunction('ownerOf')(BigInt(token.tokenId))) as string).toLowerCase()).toBe(WALLET);
    expect(await contract.getFunction('tokenURI')(BigInt(token.tokenId))).toBe(token.tokenURI);
    const receipt = await provider.getTransactionReceipt(token.txHash);
    expect(receipt?.status).toBe(1);
    expect(receipt?.to?.toLowerCase()).toBe(token.contract.toLowerCase());

    // The metadata JSON is in the file store under the CID's hash.
    const stored = JSON.parse(fs.readFileSync(blobPath(sha256FromCid(token.metadataCid)!), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ name: expect.stringContaining('Wrapped'), description: 'A character for the chain test' });
    expect(stored.image).toMatch(/^ipfs:\/\/b[a-z2-7]{58}$/);
    expect(stored.attributes).toEqual(expect.arrayContaining([{ trait_type: 'IP key', value: ip }]));

    // A second call answers the same token and sends no transaction.
    const before = await provider.getBlockNumber();
    const again = await post('admin', { ip_id: ip, sub: subs.designer });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({
      tokenId: token.tokenId,
      txHash: token.txHash,
      contract: token.contract,
      minted: false,
    });
    expect(await provider.getBlockNumber()).toBe(before);
    const rows = await (await getDb()).select().from(chainMints);
    expect(rows.filter((r) => r.ip === ip)).toHaveLength(1);

    const read = await mint.request<Envelope<Mint>>('GET', `/api/eth/mintwrapper?ip_id=${ip}`, {
      headers: { authorization: `Bearer ${tokens.boss}` },
    });
    expect(read.json.data).toMatchObject({ tokenId: token.tokenId, txHash: token.txHash });
    provider.destroy();
  });

  it('keeps the deployment and the tokens across a restart of the embedded chain', async () => {
    const ip = await makeIp('approved', subs.designer!);
    const first = await post('holder', { ip_id: ip, sub: subs.designer });
    expect(first.json.status, JSON.stringify(first.json)).toBe(0);
    await resetChain();
    await stopEmbeddedChain();
    expect(fs.existsSync(`${getConfig().dataDir}/chain/state.hex`)).toBe(true);

    // The next call starts the chain again from DATA_DIR/chain: same contract, the token still there.
    const again = await post('holder', { ip_id: ip, sub: subs.designer });
    expect(again.json.data).toMatchObject({
      contract: first.json.data.contract,
      tokenId: first.json.data.tokenId,
      txHash: first.json.data.txHash,
      minted: false,
    });
    const provider = await chainProvider();
    const contract = new Contract(first.json.data.contract, (await wrapperArtifact()).abi, provider);
    const tokenId = BigInt(first.json.data.tokenId);
    expect(((await contract.getFunction('ownerOf')(tokenId)) as string).toLowerCase()).toBe(WALLET);
    expect(await contract.getFunction('tokenURI')(tokenId)).toBe(first.json.data.tokenURI);
    expect((await provider.getTransactionReceipt(first.json.data.txHash))?.status).toBe(1);
    provider.destroy();
  });

  it('makes one token for concurrent calls on the same IP', async () => {
    const ip = await makeIp('published', subs.designer!, 'primary');
    const provider = await chainProvider();
    const before = await provider.getBlockNumber();
    const answers = await Promise.all([1, 2, 3].map(() => post('holder', { ip_id: ip, sub: subs.designer })));
    for (const a of answers) expect(a.json.status, JSON.stringify(a.json)).toBe(0);
    expect(new Set(answers.map((a) => a.json.data.tokenId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.data.txHash)).size).toBe(1);
    expect(answers.filter((a) => a.json.data.minted)).toHaveLength(1);
    expect(await provider.getBlockNumber()).toBe(before + 1);
    provider.destroy();
  });

  it('refuses an IP that is not approved', async () => {
    for (const state of ['draft', 'submitted', 'changes_requested', 'rejected']) {
      const ip = await makeIp(state, subs.designer!);
      const res = await post<{ errors: Record<string, string> }>('holder', { ip_id: ip, sub: subs.designer });
      expect(res.status, state).toBe(400);
      expect(res.json.status).toBe(5);
      expect(res.json.data.errors.ip_id).toBeTruthy();
    }
    const read = await mint.request<Envelope>('GET', `/api/eth/mintwrapper?ip_id=${await makeIp('draft', subs.designer!)}`, {
      headers: { authorization: `Bearer ${tokens.holder}` },
    });
    expect(read.json).toEqual({ status: 0, data: null });
  });

  it('answers status 5 on sub when the user has no wallet', async () => {
    const ip = await makeIp('approved', subs.designer!);
    const res = await post<{ errors: Record<string, string> }>('holder', { ip_id: ip, sub: subs.user });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(5);
    expect(res.json.data.errors.sub).toMatch(/ウォレット/);
    // It names whose address is missing and who registers it where, not "this user".
    const [owner] = await peopleOf(await getDb(), [subs.user!]);
    const name = personName(owner, 'jp');
    expect(res.json.data.errors.sub).toContain(`この IP の所有者である${name}さん`);
    expect(res.json.data.errors.sub).toContain('プロフィール');
    expect(res.json.data.errors.sub).not.toContain('このユーザー');
  });

  it('tells the IP owner minting for themselves that their own wallet address is missing, in English too', async () => {
    const ip = await makeIp('approved', subs.user!);
    const res = await mint.request<{ status: number; data: { errors: Record<string, string> } }>('POST', '/api/eth/mintwrapper', {
      headers: { authorization: `Bearer ${tokens.user}`, 'x-lang': 'en' },
      body: { ip_id: ip, sub: subs.user },
    });
    expect(res.status).toBe(400);
    expect(res.json.data.errors.sub).toContain('you have not registered a wallet address');
    expect(res.json.data.errors.sub).toContain('Profile');
  });

  it('lets holder staff and the IP’s owner mint, nobody else', async () => {
    const ip = await makeIp('approved', subs.designer!);
    // Another designer, an approver without the product role, a plain user: forbidden.
    for (const who of ['studio', 'boss', 'user']) {
      const res = await post(who, { ip_id: ip, sub: subs.designer });
      expect(res.status, who).toBe(403);
      expect(res.json.status).toBe(3);
    }
    // The owner mints for themselves only.
    expect((await post('designer', { ip_id: ip, sub: subs.studio })).status).toBe(403);
    const own = await post('designer', { ip_id: ip, sub: subs.designer });
    expect(own.json.status, JSON.stringify(own.json)).toBe(0);
    expect(own.json.data.owner.toLowerCase()).toBe(WALLET);
    // Other users' IPs cannot be read by a designer either.
    const read = await mint.request<Envelope>('GET', `/api/eth/mintwrapper?ip_id=${ip}`, {
      headers: { authorization: `Bearer ${tokens.studio}` },
    });
    expect(read.status).toBe(403);
  });

  it('validates input and answers unknown IPs with 404', async () => {
    expect((await post('holder', { ip_id: 'no such/key', sub: subs.designer })).json.status).toBe(5);
    expect((await post('holder', { ip_id: 'abc', sub: subs.designer, extra: 1 })).json.status).toBe(5);
    expect((await post('holder', { ip_id: 'nosuchip', sub: subs.designer })).status).toBe(404);
    const anonymous = await mint.request<Envelope>('POST', '/api/eth/mintwrapper', { body: { ip_id: 'x', sub: 'y' } });
    expect(anonymous.status).toBe(401);
  });
});
