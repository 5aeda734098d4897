import type { Db } from '../db/client';
import { contractRenderJob } from '../jobs/kinds/contract-render';
import { licenseRow, type ContractLang } from './contract-data';
import { currentContract, prepareContract, voidContract, type ContractRow } from './store';
import { termsHashOf } from './terms';

/**
 * Asks for the contract of a license's current terms, in the caller's transaction: answers the
 * revision in force when its terms (and language) still match; otherwise voids a stale one with
 * its signatures (nobody may sign terms that no longer hold) and records a new revision in state
 * 'preparing', whose PDF a contract.render job makes after the commit. Nothing is rendered here.
 */
export async function requestLicenseContract(
  tx: Db,
  // The license's row when the caller has just written it (a flow step), else its key.
  licenseOrKey: string | Record<string, unknown>,
  lang?: ContractLang,
): Promise<ContractRow> {
  const license = typeof licenseOrKey === 'string' ? await licenseRow(tx, licenseOrKey) : licenseOrKey;
  const licenseKey = String(license.key);
  const current = await currentContract(tx, licenseKey);
  if (current && current.termsHash === termsHashOf(license) && (!lang || lang === current.lang)) return current;
  if (current) await voidContract(tx, current);
  const prepared = await prepareContract(tx, license, lang);
  await contractRenderJob.enqueue(tx, { contract: prepared.key });
  return prepared;
}
