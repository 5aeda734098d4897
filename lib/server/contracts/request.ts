import type { Db } from '../db/client';
import { contractGenerateJob } from '../jobs/kinds/contract-generate';
import { licenseRow, type ContractLang } from './contract-data';
import { currentContract, voidContract, type ContractRow } from './store';
import { termsHashOf } from './terms';

/**
 * Asks for the contract of a license's current terms, in the caller's transaction: answers the
 * contract in force when its terms still match; otherwise voids a stale one (with its
 * signatures, so nobody signs terms that no longer hold) and writes a contract.generate job,
 * answering null: the contract is being prepared and arrives once the job has run.
 */
export async function requestLicenseContract(tx: Db, licenseKey: string, lang?: ContractLang): Promise<ContractRow | null> {
  const license = await licenseRow(tx, licenseKey);
  const current = await currentContract(tx, licenseKey);
  if (current && current.termsHash === termsHashOf(license) && (!lang || lang === current.lang)) return current;
  if (current) await voidContract(tx, current);
  await contractGenerateJob.enqueue(tx, { license: licenseKey, ...(lang ? { lang } : {}) });
  return null;
}
