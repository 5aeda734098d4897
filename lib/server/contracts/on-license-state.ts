import type { Db } from '../db/client';
import { StepRefused } from '../flow/errors';
import { contractMessages } from './messages';
import { currentContract, ensureLicenseContract, finalizeContract, signaturesOf, voidContract } from './store';

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
 * What a license entering a state means for its contract, in the transaction of the move:
 * approval generates the contract PDF (from the license's terms, in the licensee owner's
 * language); sending makes sure the contract of the current terms exists; becoming active makes
 * the signed agreement (signature page and audit trail); signed and active need the party's
 * e-signature; termination before countersigning voids the unsigned contract.
 */
export async function contractOnLicenseState(tx: Db, license: string, to: string): Promise<void> {
  switch (to) {
    case 'approved':
      // A savepoint: should rendering fail, the approval still stands and sending generates it again.
      try {
        await tx.transaction(async (sp) => {
          await ensureLicenseContract(sp as unknown as Db, license);
        });
      } catch (err) {
        console.error(`[contracts] generating the contract of license ${license} failed:`, err);
      }
      return;
    case 'contract_sent':
      await ensureLicenseContract(tx, license);
      return;
    case 'signed':
      await requireSignature(tx, license, 'licensee');
      return;
    case 'active': {
      const contract = await requireSignature(tx, license, 'holder');
      if (!contract.finalFile) await finalizeContract(tx, contract);
      return;
    }
    case 'terminated': {
      const contract = await currentContract(tx, license);
      if (contract && contract.state !== 'countersigned') await voidContract(tx, contract);
      return;
    }
  }
}
