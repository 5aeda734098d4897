import fs from 'node:fs/promises';
import path from 'node:path';
import { Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet, isAddress, parseEther } from 'ethers';
import { getConfig } from '../../config';
import { writeAtomic } from '../storage/write-atomic';
import { wrapperArtifact } from './compile';
import { embeddedChain } from './embedded';

/** What minting needs: a provider, the minting account and the wrapper contract. */
export interface Chain {
  provider: JsonRpcProvider;
  signer: NonceManager;
  signerAddress: string;
  contract: Contract;
  contractAddress: string;
  chainId: number;
  embedded: boolean;
  /** Keeps what the platform changed on the embedded chain across restarts; nothing on an external one. */
  save(): Promise<void>;
}

interface Deployment {
  chainId: number;
  genesis: string;
  address: string;
  sourceHash: string;
}

const MIN_BALANCE = parseEther('1');
const FUNDING = parseEther('100');

function chainDir(): string {
  return path.join(getConfig().dataDir, 'chain');
}

async function readJson<T>(file: string): Promise<T | null> {
  return fs
    .readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as T)
    .catch(() => null);
}

/** CHAIN_SIGNER_KEY, or a key generated once into DATA_DIR/keys/chain-signer.json (mode 0600). */
async function signerKey(): Promise<string> {
  const configured = getConfig().chain.signerKey;
  if (configured) return configured;
  const file = path.join(getConfig().dataDir, 'keys', 'chain-signer.json');
  const stored = await readJson<{ privateKey?: string }>(file);
  if (stored?.privateKey) return stored.privateKey;
  const privateKey = Wallet.createRandom().privateKey;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs
    .writeFile(file, JSON.stringify({ privateKey }), { mode: 0o600, flag: 'wx' })
    .catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  // Another process may have won the race: whatever is on disk is the key.
  const written = await readJson<{ privateKey?: string }>(file);
  if (!written?.privateKey) throw new Error('chain signer key could not be stored');
  return written.privateKey;
}

/** Tops the minting account up from the dev chain's first unlocked, prefunded account. */
async function fund(provider: JsonRpcProvider, address: string): Promise<void> {
  if ((await provider.getBalance(address)) >= MIN_BALANCE) return;
  const accounts = (await provider.send('eth_accounts', []).catch(() => [])) as string[];
  const from = accounts.find((a) => a.toLowerCase() !== address.toLowerCase());
  if (!from) throw new Error(`the minting account ${address} has no funds and the chain offers no prefunded account`);
  const hash = (await provider.send('eth_sendTransaction', [
    { from, to: address, value: `0x${FUNDING.toString(16)}` },
  ])) as string;
  await provider.waitForTransaction(hash);
}

async function genesisHash(provider: JsonRpcProvider): Promise<string> {
  const block = await provider.getBlock(0);
  if (!block?.hash) throw new Error('the chain has no genesis block');
  return block.hash;
}

/**
 * The wrapper's address: CHAIN_CONTRACT, or the one deployed earlier on this very chain (same
 * chain id and genesis block, code still there, same source), else a fresh deployment that is
 * remembered in DATA_DIR/chain/deployment.json.
 */
async function wrapperAddress(provider: JsonRpcProvider, signer: NonceManager, chainId: number): Promise<string> {
  const configured = getConfig().chain.contract;
  if (configured) {
    if (!isAddress(configured) || (await provider.getCode(configured)) === '0x') {
      throw new Error('CHAIN_CONTRACT is not a contract on this chain');
    }
    return configured;
  }
  const artifact = await wrapperArtifact();
  const file = path.join(chainDir(), 'deployment.json');
  const genesis = await genesisHash(provider);
  const known = await readJson<Deployment>(file);
  if (
    known &&
    known.chainId === chainId &&
    known.genesis === genesis &&
    known.sourceHash === artifact.sourceHash &&
    (await provider.getCode(known.address)) !== '0x'
  ) {
    return known.address;
  }
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, signer);
  const deployed = await factory.deploy(await signer.getAddress());
  await deployed.waitForDeployment();
  const address = await deployed.getAddress();
  const record: Deployment = { chainId, genesis, address, sourceHash: artifact.sourceHash };
  await writeAtomic(file, Buffer.from(JSON.stringify(record, null, 2)));
  console.info(`[chain] IPWrapper deployed at ${address} on chain ${chainId}`);
  return address;
}

async function connect(): Promise<Chain> {
  const configured = getConfig().chain.rpcUrl;
  const embedded = configured ? null : await embeddedChain();
  const url = configured ?? embedded!.url;
  const provider = new JsonRpcProvider(url, undefined, { cacheTimeout: -1, pollingInterval: 250 });
  const chainId = Number((await provider.getNetwork()).chainId);
  const wallet = new Wallet(await signerKey(), provider);
  const signer = new NonceManager(wallet);
  await fund(provider, wallet.address);
  const contractAddress = await wrapperAddress(provider, signer, chainId);
  const save = async () => embedded?.save();
  await save();
  const artifact = await wrapperArtifact();
  return {
    provider,
    signer,
    signerAddress: wallet.address,
    contract: new Contract(contractAddress, artifact.abi, signer),
    contractAddress,
    chainId,
    embedded: !configured,
    save,
  };
}

const KEY = Symbol.for('ipl.chain');
type Holder = { [KEY]?: Promise<Chain> };

/** The chain connection of this process, made once (the embedded chain starts here when needed). */
export function getChain(): Promise<Chain> {
  const holder = globalThis as Holder;
  holder[KEY] ??= connect().catch((err: unknown) => {
    delete holder[KEY];
    throw err;
  });
  return holder[KEY];
}

/** Drops the connection (tests; after stopping the embedded chain). */
export async function resetChain(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  delete holder[KEY];
  if (current) (await current.catch(() => null))?.provider.destroy();
}
