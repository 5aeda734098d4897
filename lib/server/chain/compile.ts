import { createHash } from 'node:crypto';
import type { InterfaceAbi } from 'ethers';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../../config';
import { writeAtomic } from '../storage/write-atomic';

/** The compiled wrapper contract: its ABI and creation bytecode. */
export interface WrapperArtifact {
  abi: InterfaceAbi;
  bytecode: string;
  /** sha-256 of the source and compiler settings the artifact was built from. */
  sourceHash: string;
  compiler: string;
}

const CONTRACT = 'IPWrapper';
// Bytecode for the Paris fork runs on every EVM chain still in use (no PUSH0 or MCOPY).
const EVM_VERSION = 'paris';

function root(): string {
  return process.cwd();
}

async function readSource(): Promise<string> {
  return fs.readFile(path.join(root(), 'contracts', `${CONTRACT}.sol`), 'utf8');
}

/** OpenZeppelin imports, read from node_modules; anything else is not found. */
function findImport(name: string): { contents?: string; error?: string } {
  if (!/^@openzeppelin\/contracts\/[A-Za-z0-9_/.-]+\.sol$/.test(name) || name.includes('..')) {
    return { error: `import not allowed: ${name}` };
  }
  try {
    // solc-js asks synchronously.
    return { contents: readFileSync(path.join(root(), 'node_modules', name), 'utf8') };
  } catch {
    return { error: `not found: ${name}` };
  }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string } } }>>;
}

function artifactFile(): string {
  return path.join(getConfig().dataDir, 'chain', `${CONTRACT}.json`);
}

let pending: Promise<WrapperArtifact> | undefined;

async function build(): Promise<WrapperArtifact> {
  const source = await readSource();
  const solc = (await import('solc')).default;
  const settings = {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: EVM_VERSION,
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  };
  const sourceHash = createHash('sha256')
    .update(JSON.stringify({ source, settings, compiler: solc.version() }))
    .digest('hex');
  const cached = await fs
    .readFile(artifactFile(), 'utf8')
    .then((text) => JSON.parse(text) as WrapperArtifact)
    .catch(() => null);
  if (cached?.sourceHash === sourceHash && cached.bytecode) return cached;

  const input = { language: 'Solidity', sources: { [`${CONTRACT}.sol`]: { content: source } }, settings };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`IPWrapper does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const compiled = output.contracts?.[`${CONTRACT}.sol`]?.[CONTRACT];
  if (!compiled?.evm.bytecode.object) throw new Error('IPWrapper: the compiler gave no bytecode');
  const artifact: WrapperArtifact = {
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    sourceHash,
    compiler: solc.version(),
  };
  await writeAtomic(artifactFile(), Buffer.from(JSON.stringify(artifact)));
  return artifact;
}

/**
 * contracts/IPWrapper.sol compiled by solc-js (the version pinned in package.json matches the
 * pragma), cached in DATA_DIR/chain/IPWrapper.json and rebuilt when the source changes.
 */
export function wrapperArtifact(): Promise<WrapperArtifact> {
  pending ??= build().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}
