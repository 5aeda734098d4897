import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { contracts, contractSignatures } from '../db/platform-schema';
import { viewerOf, type Viewer } from '../entities/viewer';
import { toAppError } from '../flow/errors';
import { newKey } from '../keys';
import { saveFile } from '../storage/save-file';
import { contractInView, type ContractInView } from './access';
import { contractAttributes, mayGive, nextPartyOf, type ContractAttributes } from './attributes';
import { licenseRow } from './contract-data';
import { licenseStepInTx, reopenForSigning } from './flow-step';
import { contractMessages } from './messages';
import type { RequestMeta } from './request-meta';
import { contractFinalizeJob } from '../jobs/kinds/contract-finalize';
import { requestLicenseContract } from './request';
import { currentContract, signaturesOf, type ContractRow } from './store';
import { termsHashOf } from './terms';
import { signInput } from './inputs';

export { signInput };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function refuse(lang: 'jp' | 'en', field: string, message: Bilingual, conflict = true): never {
  throw fieldError(lang, { [field]: { message } }, { conflict, message: message.en });
}

type Outcome = { kind: 'signed' } | { kind: 'revised'; contract: ContractRow };

async function signInTx(
  tx: Db,
  viewer: Viewer,
  id: unknown,
  input: z.output<typeof signInput>,
  png: Buffer,
  meta: RequestMeta,
): Promise<Outcome> {
  const view: ContractInView = await contractInView(tx, viewer, id);
  const lang = viewer.lang;
  let contract = view.contract;
  let license = view.license;
  if (license) {
    license = await licenseRow(tx, String(license.key), true);
    const current = await currentContract(tx, String(license.key));
    if (!current || current.key !== contract.key) refuse(lang, 'sha256', contractMessages.voided);
    contract = current;
  } else {
    const [locked] = await tx.select().from(contracts).where(eq(contracts.key, contract.key)).for('update');
    contract = locked!;
  }
  if (contract.voidedAt) refuse(lang, 'sha256', contractMessages.voided);
  if (!(await mayGive(tx, viewer, input.party, license)))
    throw new AppError('forbidden', `you may not sign this contract for the ${input.party}`);
  const signatures = await signaturesOf(tx, contract.key);
  if (signatures.some((s) => s.party === input.party && !s.voidedAt)) refuse(lang, 'party', contractMessages.alreadySigned);
  if (nextPartyOf(contract, license, signatures) !== input.party) refuse(lang, 'party', contractMessages.notYourTurn);
  // The terms signed must be the license's terms now: otherwise every signature is void and a new
  // revision is prepared (a job renders it after this transaction; nothing is rendered here).
  if (license && termsHashOf(license) !== contract.termsHash) {
    const revised = await requestLicenseContract(tx, String(license.key), contract.lang === 'en' ? 'en' : 'jp');
    if (license.state === 'signed')
      await reopenForSigning(tx, String(license.key), {
        voided: contract.key,
        contract: revised.key,
        revision: revised.revision,
      });
    return { kind: 'revised', contract: revised };
  }
  // Nobody signs a revision whose PDF is still being made: there are no bytes to sign yet.
  if (!contract.file || !contract.sha256) refuse(lang, 'sha256', contractMessages.preparing);
  if (input.sha256 !== contract.sha256) refuse(lang, 'sha256', contractMessages.shaMismatch);

  const image = await saveFile(tx, { bytes: png, name: `signature-${input.party}.png`, owner: viewer.sub, lang });
  if (image.mime !== 'image/png') refuse(lang, 'signature', contractMessages.notPng, false);
  const now = new Date();
  await tx.insert(contractSignatures).values({
    key: newKey(),
    contract: contract.key,
    party: input.party,
    signer: viewer.sub,
    typedName: input.typedName,
    image: image.hash,
    ip: meta.ip,
    userAgent: meta.userAgent,
    sha256: contract.sha256,
    signedAt: now,
  });
  const [updated] = await tx
    .update(contracts)
    .set({ state: input.party === 'licensee' ? 'licensee_signed' : 'countersigned', dateUpdated: now })
    .where(and(eq(contracts.key, contract.key), isNull(contracts.voidedAt)))
    .returning();
  const data = { contract: contract.key, revision: contract.revision, sha256: contract.sha256, ip: meta.ip };
  if (license) {
    // The state moves with the signature: the licensee's is the step 'sign', the holder's 'countersign'
    // (the license's arrival in active makes the signed agreement).
    await licenseStepInTx(tx, viewer, String(license.key), input.party === 'licensee' ? 'sign' : 'countersign', data);
  } else if (input.party === 'holder') {
    await contractFinalizeJob.enqueue(tx, { contract: updated!.key });
  }
  return { kind: 'signed' };
}

/**
 * POST /api/pdf/sign/{id}: the licensee's signature (license in contract_sent) or the holder's
 * countersignature (license signed) over the exact PDF the signer reviewed. The signature row and
 * the license's move commit together; a stale SHA-256 is refused and changes nothing; terms changed
 * since the contract was made void it and its signatures, and a new revision waits for review.
 */
export async function signContract(
  db: Db,
  caller: Caller,
  id: unknown,
  body: unknown,
  meta: RequestMeta,
): Promise<ContractAttributes> {
  const viewer = await viewerOf(db, caller);
  const input = validateInput(signInput, body, caller.lang);
  const png = Buffer.from(input.signature.slice(input.signature.indexOf(',') + 1), 'base64');
  if (png.length < 67 || !png.subarray(0, 8).equals(PNG_MAGIC)) refuse(caller.lang, 'signature', contractMessages.notPng, false);
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (txAny) => signInTx(txAny as unknown as Db, viewer, id, input, png, meta));
  } catch (err) {
    throw toAppError(err, caller.lang);
  }
  if (outcome.kind === 'revised') {
    throw fieldError(
      caller.lang,
      { sha256: { message: contractMessages.termsChanged } },
      {
        conflict: true,
        message: contractMessages.termsChanged.en,
        extra: { contract: outcome.contract.key, revision: outcome.contract.revision, preparing: true },
      },
    );
  }
  return contractAttributes(db, viewer, await contractInView(db, viewer, id));
}
