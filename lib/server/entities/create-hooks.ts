import { and, eq, getTableColumns } from 'drizzle-orm';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { ips, licenses, products, usages } from '../db/entities-schema';
import { findDefaultHolder } from '../holder/default-holder';
import { nameableLicensees } from '../designers/nameable-licensees';
import { assertReferenceFormats } from '../refs/config';
import { royaltyOf } from '../royalty/royalty';
import type { EntityDef } from './definitions';
import type { Viewer } from './viewer';

type Row = Record<string, unknown>;

function missing(field: string, lang: 'jp' | 'en'): never {
  const message = lang === 'jp' ? '参照先が見つかりません。' : 'This reference was not found.';
  throw new AppError('validation', 'validation failed', { errors: { [field]: message }, codes: { [field]: { code: 'key' } } });
}

/** A secondary IP is made from a primary IP its designer holds an approved usage permit for (DESIGN §6). */
async function assertUsagePermit(db: Db, viewer: Viewer, parent: unknown): Promise<void> {
  const message = {
    jp: '承認済みの利用許諾がある一次IPを選んでください。',
    en: 'Choose a primary IP you hold an approved usage permit for.',
  }[viewer.lang];
  const refuse = (): never => {
    throw new AppError('validation', 'validation failed', { errors: { parent: message }, codes: { parent: { code: 'key' } } });
  };
  if (typeof parent !== 'string' || !parent) refuse();
  const [permit] = await db
    .select({ key: usages.key })
    .from(usages)
    .where(and(eq(usages.ip, String(parent)), eq(usages.applicant, viewer.sub), eq(usages.state, 'approved')))
    .limit(1);
  if (!permit) refuse();
}

export { royaltyOf };

/**
 * The organisation of a license application: one the applicant belongs to or has been invited by
 * (issue #17); any other is answered as a reference that does not exist, never listed or accepted.
 */
async function assertNameableLicensee(db: Db, viewer: Viewer, licensee: unknown): Promise<void> {
  if (viewer.holder || viewer.licensees.includes(String(licensee))) return;
  if (!(await nameableLicensees(db, viewer.sub, viewer.access)).includes(String(licensee))) missing('licensee', viewer.lang);
}

async function visibleLicense(db: Db, viewer: Viewer, key: string) {
  const [license] = await db.select().from(licenses).where(eq(licenses.key, key)).limit(1);
  if (!license) return undefined;
  if (!viewer.holder && !viewer.licensees.includes(license.licensee)) return undefined;
  return license;
}

/** A product's IP, organisation and designer, from its license. */
async function productFacts(db: Db, viewer: Viewer, product: Row): Promise<Row> {
  const license = await visibleLicense(db, viewer, String(product.license));
  if (!license) missing('license', viewer.lang);
  // DESIGN §6: a product needs an active license (signed and countersigned, not expired or terminated).
  if (license.state !== 'active') {
    const message = {
      jp: '有効（契約締結済み）なライセンスを選んでください。',
      en: 'Choose an active (signed) license.',
    }[viewer.lang];
    throw new AppError('validation', 'validation failed', {
      errors: { license: message },
      codes: { license: { code: 'state' } },
    });
  }
  return { ip: license.ip, licensee: license.licensee, designer: license.designer };
}

/** A sales report's organisation, IP and royalty, from its license (which must hold its product). */
async function salesFacts(db: Db, viewer: Viewer, report: Row): Promise<Row> {
  const license = await visibleLicense(db, viewer, String(report.license));
  if (!license) missing('license', viewer.lang);
  const [product] = await db
    .select({ key: products.key })
    .from(products)
    .where(and(eq(products.key, String(report.product)), eq(products.license, license.key)))
    .limit(1);
  if (!product) missing('product', viewer.lang);
  return { licensee: license.licensee, ip: license.ip, royalty: royaltyOf(Number(report.net_sales), license.royalty_rate_bp) };
}

/** The holder of a new IP: its parent's for a secondary IP, else the default holder (never the body's). */
async function holderOfNewIp(db: Db, body: Row): Promise<string | null> {
  if (body.kind !== 'primary' && typeof body.parent === 'string' && body.parent) {
    const [parent] = await db.select({ holder: ips.holder }).from(ips).where(eq(ips.key, body.parent)).limit(1);
    if (parent?.holder) return parent.holder;
  }
  return (await findDefaultHolder(db))?.key ?? null;
}

/**
 * Server-owned values of a new record: who made it, and the facts copied from the records it
 * points at (a product's IP and organisation come from its license, never from the body).
 */
export async function deriveOnCreate(db: Db, def: EntityDef, viewer: Viewer, body: Row): Promise<Row> {
  const values: Row = { ...body };
  if ('owner' in getTableColumns(def.table)) values.owner = viewer.sub;
  switch (def.name) {
    case 'Holder':
      assertReferenceFormats(body.config, viewer.lang);
      break;
    case 'IP':
      values.holder = await holderOfNewIp(db, body);
      if (body.kind !== 'primary' && !viewer.holder) await assertUsagePermit(db, viewer, body.parent);
      break;
    case 'License':
      await assertNameableLicensee(db, viewer, body.licensee);
      values.applicant = viewer.sub;
      break;
    case 'Usage':
      values.applicant = viewer.sub;
      break;
    case 'Review':
      values.reviewer = viewer.sub;
      break;
    case 'Designer':
      // The designer application makes a person's record (one each); a record made here is data
      // maintenance's, owned by nobody until an administrator links it.
      values.owner = null;
      break;
    case 'Licensee':
      // Organisations are created by the holder; their first owner arrives by invitation.
      values.owner = null;
      break;
    case 'Product':
      Object.assign(values, await productFacts(db, viewer, body));
      break;
    case 'Sales':
      // Rows are reported in a report, validated against their license as a whole (lib/server/sales).
      throw fieldError(viewer.lang, {
        report: {
          message: {
            jp: '売上はロイヤリティ報告として POST /api/sales/report（フォーム）または POST /api/sales/import（ファイル）で送ってください。',
            en: 'Send sales as a royalty report: POST /api/sales/report (form) or POST /api/sales/import (file).',
          },
        },
      });
    case 'Invoice':
      if (!viewer.holder && !viewer.licensees.includes(String(body.licensee))) missing('licensee', viewer.lang);
      break;
    default:
      break;
  }
  return values;
}

/**
 * Server-owned values a change makes stale are derived again, as on create: a product's IP,
 * organisation and designer when its license changes; a sales report's royalty (and organisation
 * and IP) when its net amount, license or product changes.
 */
export async function deriveOnPatch(db: Db, def: EntityDef, viewer: Viewer, current: Row, changes: Row): Promise<Row> {
  if (def.name === 'License' && changes.licensee !== undefined) await assertNameableLicensee(db, viewer, changes.licensee);
  if (def.name === 'Holder') assertReferenceFormats(changes.config, viewer.lang);
  if (def.name === 'Product' && changes.license !== undefined) {
    return { ...changes, ...(await productFacts(db, viewer, changes)) };
  }
  if (def.name === 'Sales' && ['license', 'product', 'net_sales'].some((field) => changes[field] !== undefined)) {
    return { ...changes, ...(await salesFacts(db, viewer, { ...current, ...changes })) };
  }
  return changes;
}
