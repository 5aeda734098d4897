import type { Db } from '../db/client';
import { StepRefused } from '../flow/errors';
import { contractFinalizeJob } from '../jobs/kinds/contract-finalize';
import { contractMessages } from './messages';
import { requestLicenseContract } from './request';
import { currentContract, signaturesOf, voidContract } from './store';

/**
 * The license moves to signed and to active only with the party's e-signature on the current
 * contract: the signing route writes the signature row and takes the step in one transaction,
 * and the plain flow step on its own is refused.
 */
async function requireSignature(tx: Db, license: string, party: 'licensee' | 'holder') {
  const contract = await currentContract(tx, license);
  const signed = contract && (await signaturesOf(tx, contract.key)).some((s) => s.party === party && !s.voidedAt);
  if (!signed) throw new StepRefused(contractMessages.signatureRequired);
  return contract;
}

/**
 * What a license entering a state means for its contract, in the transaction of the move. PDFs
 * are never rendered here (that would hold the license's row lock for seconds): approval and
 * sending ask for the contract of the current terms (a contract.generate job, run after commit);
 * becoming active asks for the signed agreement (a contract.finalize job); signed and active
 * need the party's e-signature; termination before countersigning voids the unsigned contract.
 */
export async function contractOnLicenseState(tx: Db, row: Record<string, unknown>, to: string): Promise<void> {
  const license = String(row.key);
  switch (to) {
    case 'approved':
    case 'contract_sent':
      await requestLicenseContract(tx, row);
      return;
    case 'signed':
      await requireSignature(tx, license, 'licensee');
      return;
    case 'active': {
      const contract = await requireSignature(tx, license, 'holder');
      if (!contract.finalFile) await contractFinalizeJob.enqueue(tx, { contract: contract.key });
      return;
    }
    case 'terminated': {
      const contract = await currentContract(tx, license);
      if (contract && contract.state !== 'countersigned') await voidContract(tx, contract);
      return;
    }
  }
}
