import { demoLangInput } from '../../contracts/demo';
import { verifyInput } from '../../contracts/send-pdf';
import { signInput } from '../../contracts/sign';
import type { RouteDoc } from '../route-docs';
import { pdfFile } from '../outputs/files';

const readers =
  "The license's organisation members (calbee:*:licensee:<organisation>), holder staff (calbee:admin, calbee:boss, calbee:<product>); demo contracts: calbee:admin only. Others: status 2";

const signature = {
  type: 'object',
  properties: {
    party: { type: 'string', enum: ['licensee', 'holder'] },
    signer: { type: 'string', description: 'sub of the signer' },
    signerName: { type: 'string', description: 'the typed name' },
    signedAt: { type: 'string', format: 'date-time' },
    ip: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    sha256: { type: 'string', description: 'SHA-256 of the exact PDF bytes signed' },
    voided: { type: 'boolean' },
    voidedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['party', 'signer', 'signerName', 'signedAt', 'ip', 'userAgent', 'sha256', 'voided', 'voidedAt'],
};

const attributes = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    license: { type: ['string', 'null'] },
    licenseState: { type: ['string', 'null'] },
    revision: { type: 'integer' },
    lang: { type: 'string', enum: ['jp', 'en'] },
    // preparing: the PDF is being rendered after the approval's commit (a job); no bytes, no hash yet.
    state: { type: 'string', enum: ['preparing', 'generated', 'licensee_signed', 'countersigned', 'void'] },
    sha256: { type: ['string', 'null'] },
    finalSha256: { type: ['string', 'null'] },
    preparing: {
      type: 'boolean',
      description: 'The PDF of this revision is being made (a job after the step that asked for it); poll until false',
    },
    finalPreparing: { type: 'boolean', description: 'Countersigned, and the signed agreement is being made' },
    demo: { type: 'boolean' },
    voided: { type: 'boolean' },
    voidedAt: { type: ['string', 'null'], format: 'date-time' },
    dateCreated: { type: 'string', format: 'date-time' },
    termsVersions: {
      type: 'object',
      properties: { common: { type: ['string', 'null'] }, licensee: { type: ['string', 'null'] } },
      required: ['common', 'licensee'],
    },
    termsHash: { type: 'string' },
    termsChanged: { type: 'boolean' },
    signatures: { type: 'array', items: signature },
    nextParty: { type: ['string', 'null'], enum: ['licensee', 'holder', null] },
    canSign: { type: 'boolean' },
    revisions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string' },
          revision: { type: 'integer' },
          state: { type: 'string' },
          voidedAt: { type: ['string', 'null'], format: 'date-time' },
        },
        required: ['key', 'revision', 'state', 'voidedAt'],
      },
    },
  },
  required: [
    'key',
    'license',
    'licenseState',
    'revision',
    'lang',
    'state',
    'sha256',
    'finalSha256',
    'preparing',
    'finalPreparing',
    'demo',
    'voided',
    'voidedAt',
    'dateCreated',
    'termsVersions',
    'termsHash',
    'termsChanged',
    'signatures',
    'nextParty',
    'canSign',
    'revisions',
  ],
};

/** Routes of the contracts area, documented with the zod schemas their handlers validate with. */
export function contractsRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/pdf/{id}',
      method: 'get',
      summary:
        'The contract PDF of license {id} (its revision in force) or of contract {id} (application/pdf; ?final=1: the signed agreement with signature page and audit trail; header X-Content-SHA256; ?lang=jp|en other than the contract’s own language: a reference translation marked as not binding)',
      tag: 'contracts',
      acl: readers,
      raw: pdfFile,
    },
    {
      path: '/api/pdf/attr/{id}',
      method: 'get',
      summary:
        'Attributes of the contract of license {id} or contract {id}: key, revision, state, SHA-256, signatures (party, typed name, time, IP, SHA-256 signed), terms versions, void, whose signature is due',
      tag: 'contracts',
      acl: readers,
      output: attributes,
    },
    {
      path: '/api/pdf/sign/{id}',
      method: 'post',
      summary:
        "Sign the contract (party licensee: license in contract_sent, step sign; party holder: license signed, step countersign, the holder's contract signers or, with none designated, admin/product). sha256 must be the current PDF's (status 5, HTTP 409 otherwise, nothing changed); license terms changed since generation void the signatures and make a new revision (status 5, HTTP 409)",
      tag: 'contracts',
      input: signInput,
      acl: readers,
      output: attributes,
    },
    {
      path: '/api/pdf/verify/{id}',
      method: 'post',
      summary:
        'Verify every signature against the stored contract bytes (SHA-256 equal and signature not void); tamper: true checks a copy with one byte flipped instead',
      tag: 'contracts',
      input: verifyInput,
      acl: readers,
      output: {
        type: 'object',
        properties: {
          sha256: { type: 'string' },
          checkedSha256: { type: 'string' },
          tampered: { type: 'boolean' },
          verified: { type: 'boolean' },
          signatures: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                party: { type: 'string' },
                signerName: { type: 'string' },
                sha256: { type: 'string' },
                voided: { type: 'boolean' },
                valid: { type: 'boolean' },
              },
              required: ['party', 'signerName', 'sha256', 'voided', 'valid'],
            },
          },
        },
        required: ['sha256', 'checkedSha256', 'tampered', 'verified', 'signatures'],
      },
    },
    {
      path: '/api/pdf/demo',
      method: 'get',
      summary: 'A sample contract PDF from fixed sample data (?lang=jp|en, default the caller’s language); nothing stored',
      tag: 'contracts',
      acl: 'calbee:admin',
      raw: pdfFile,
    },
    {
      path: '/api/pdf/demo',
      method: 'post',
      summary: 'Create a demo-only contract (sample data, terms.demo) for the e-signature demo; no license is touched',
      tag: 'contracts',
      input: demoLangInput,
      acl: 'calbee:admin',
      output: attributes,
    },
  ];
}
