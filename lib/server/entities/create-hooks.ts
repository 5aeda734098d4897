import { and, eq, getTableColumns } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { holders, licenses, products } from '../db/entities-schema';
import type { EntityDef } from './definitions';
import type { Viewer } from './viewer';

type Row = Record<string, unknown>;

function missing(field: string, lang: 'jp' | 'en'): never {
  const message = lang === 'jp' ? '参照先が見つかりません。' : 'This reference was not found.';
  throw new AppError('validation', 'validation failed', { errors: { [field]: message }, codes: { [field]: { code: 'key' } } });
}

/** Royalty in minor units: net × rate, rounded half up, in integer arithmetic. */
export function royaltyOf(netSales: number, rateBp: number): number {
  return Number((BigInt(netSales) * BigInt(rateBp) + 5000n) / 10000n);
}

async function visibleLicense(db: Db, viewer: Viewer, key: string) {
  const [license] = await db.select().from(licenses).where(eq(licenses.key, key)).limit(1);
  if (!license) return undefined;
  if (!viewer.holder && !viewer.licensees.includes(license.licensee)) return undefined;
  return license;
}

/**
 * Server-owned values of a new record: who made it, and the facts copied from the records it
 * points at (a product's IP and organisation come from its license, never from the body).
 */
export async function deriveOnCreate(db: Db, def: EntityDef, viewer: Viewer, body: Row): Promise<Row> {
  const values: Row = { ...body };
  if ('owner' in getTableColumns(def.table)) values.owner = viewer.sub;
  switch (def.name) {
    case 'IP':
      if (body.kind === 'primary' && !body.holder) {
        const [holder] = await db.select({ key: holders.key }).from(holders).where(eq(holders.is_default, true)).limit(1);
        values.holder = holder?.key ?? null;
      }
      break;
    case 'License':
    case 'Usage':
      values.applicant = viewer.sub;
      break;
    case 'Review':
      values.reviewer = viewer.sub;
      break;
    case 'Licensee':
      // Organisations are created by the holder; their first owner arrives by invitation.
      values.owner = null;
      break;
    case 'Product': {
      const license = await visibleLicense(db, viewer, String(body.license));
      if (!license) missing('license', viewer.lang);
      Object.assign(values, { ip: license.ip, licensee: license.licensee, designer: license.designer });
      break;
    }
    case 'Sales': {
      const license = await visibleLicense(db, viewer, String(body.license));
      if (!license) missing('license', viewer.lang);
      const [product] = await db
        .select({ key: products.key })
        .from(products)
        .where(and(eq(products.key, String(body.product)), eq(products.license, license.key)))
        .limit(1);
      if (!product) missing('product', viewer.lang);
      Object.assign(values, {
        licensee: license.licensee,
        ip: license.ip,
        royalty: royaltyOf(Number(body.net_sales), license.royalty_rate_bp),
      });
      break;
    }
    case 'Invoice':
      if (!viewer.holder && !viewer.licensees.includes(String(body.licensee))) missing('licensee', viewer.lang);
      break;
    default:
      break;
  }
  return values;
}
