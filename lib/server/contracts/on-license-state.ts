import type { Db } from '../db/client';
import { currentContract, ensureLicenseContract, finalizeContract, voidContract } from './store';

/**
 * What a license entering a state means for its contract, in the transaction of the move:
 * approval generates the contract PDF (from the license's terms, in the licensee owner's
 * language); sending makes sure the contract of the current terms exists; becoming active makes
 * the signed agreement (signature page and audit trail) when both parties signed electronically;
 * termination before countersigning voids the unsigned contract.
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
    case 'active': {
      const contract = await currentContract(tx, license);
      if (contract && !contract.finalFile) await finalizeContract(tx, contract);
      return;
    }
    case 'terminated': {
      const contract = await currentContract(tx, license);
      if (contract && contract.state !== 'countersigned') await voidContract(tx, contract);
      return;
    }
  }
}
