import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { viewerOf } from '../entities/viewer';
import { newKey } from '../keys';
import { renderPdf } from '../pdf/render';
import { contentDisposition } from '../storage/send-file';
import { contractInView } from './access';
import { contractAttributes, type ContractAttributes } from './attributes';
import type { ContractLang, ContractTerms } from './contract-data';
import { DEMO_LICENSE, sampleContractTerms } from './sample-terms';
import { recordContract, renderContract } from './store';
import { termsHashOf, termsVersionsInForce } from './terms';

/** The sample terms with the terms versions in force today. */
export async function sampleTerms(db: Db, lang: ContractLang): Promise<ContractTerms> {
  return sampleContractTerms(lang, await termsVersionsInForce(db));
}

export const demoLangInput = z.object({ lang: z.enum(['jp', 'en']).optional() }).strict();

function langOf(value: unknown, caller: Caller): ContractLang {
  return value === 'en' || value === 'jp' ? value : caller.lang;
}

/** GET /api/pdf/demo?lang=: a sample contract rendered from fixed data (nothing stored). */
export async function sendDemoPdf(db: Db, caller: Caller, res: ServerResponse, langParam: unknown): Promise<void> {
  const lang = langOf(langParam, caller);
  const terms = await sampleTerms(db, lang);
  const pdf = await renderPdf({
    kind: 'contract',
    input: { contractNumber: 'SAMPLE', revision: 1, generatedAt: new Date(), terms, lang, ipImage: null },
  });
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', contentDisposition('inline', `sample-contract-${lang}.pdf`));
  res.end(pdf);
}

/** POST /api/pdf/demo: a demo-only contract (terms.demo) for the e-signature walk-through. */
export async function createDemoContract(db: Db, caller: Caller, body: unknown): Promise<ContractAttributes> {
  const input = validateInput(demoLangInput, body ?? {}, caller.lang);
  const lang = langOf(input.lang, caller);
  const viewer = await viewerOf(db, caller);
  const terms = await sampleTerms(db, lang);
  // Each demo contract files under a license key of its own, so each is a first revision. It is
  // rendered before its (short) transaction: no lock is held while the PDF is made.
  const draft = {
    key: newKey(),
    license: `${DEMO_LICENSE}-${newKey(10)}`,
    revision: 1,
    generatedAt: new Date(),
    terms,
    termsHash: termsHashOf(terms as unknown as Record<string, unknown>),
    lang,
  };
  const bytes = await renderContract(draft);
  const contract = await db.transaction((tx) => recordContract(tx as unknown as Db, draft, bytes));
  return contractAttributes(db, viewer, await contractInView(db, viewer, contract.key));
}
