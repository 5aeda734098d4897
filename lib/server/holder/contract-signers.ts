import type { HolderRow } from './default-holder';

/** holders.config key of the contract signers: a JSON string array of subs (SPEC §3 config). */
export const CONTRACT_SIGNERS_KEY = 'contract_signers';

export function contractSignersOf(holder: HolderRow): string[] {
  const raw = holder.config[CONTRACT_SIGNERS_KEY];
  if (typeof raw !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
