/**
 * Authorization of the entity routes: every route × every demo role (plus no token and a forged
 * one) against one record of each entity, with the expected outcome written out below from the
 * rules of lib/server/entities/policy.ts (read scope, create rule, write rule). Then the
 * cross-organisation and cross-designer cases of DESIGN §4: records of another licensee
 * organisation or another designer's drafts do not exist for the caller.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, ips, licensees, licenses, products, sales, salesReports } from '@/lib/server/db/entities-schema';
import { userAccess, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { grantPermit } from './permits';
import { serveEntityApi, type EntityApi } from './entity-api';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

const ROLES = {
  admin: 'admin@example.com',
  boss: 'boss@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  brand: 'brand@example.com',
  cfl: 'cfl@example.com',
  designer: 'designer@example.com',
  studio: 'studio@example.com', // the corporate designer
  owner: 'licensee@example.com', // owner of the demo licensee organisation (A)
  staff: 'licensee-staff@example.com', // staff of A
  user: 'user@example.com',
} as const;
type Role = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as Role[];

type Target =
  | 'Tag'
  | 'Holder'
  | 'IP'
  | 'IP·published'
  | 'Designer'
  | 'Licensee'
  | 'License'
  | 'Usage'
  | 'Sales'
  | 'SalesReport'
  | 'Product'
  | 'Invoice'
  | 'Review';

/**
 * The expected outcome per target record and role, one line per role, columns in route order:
 *
 *   GET list · POST create · GET one · PATCH · DELETE · POST query · POST aggregate
 *
 * `see`/`hide`: HTTP 200 and the target record is in / absent from the results.
 * A number: the HTTP status (200 ok, 400 status 5, 403 status 3, 404 status 2).
 *
 * The records (made in beforeAll):
 *   Tag, Holder        by the holder role (a second, non-default holder)
 *   IP                 a draft secondary IP of designer@ (owner designer@, designer = D1, designer@'s profile)
 *   IP·published       a primary IP of the holder role in state published; create sends kind: primary
 *   Designer           D1, designer@'s profile
 *   Licensee           A, the demo licensee organisation
 *   License            of A, applied for by A's owner, designer D1
 *   Product            under that license (so licensee A, designer D1)
 *   Sales, Invoice     of A, by A's owner
 *   Usage              of designer@ (applicant designer@, designer D1)
 *   Review             by the cfl approver
 * Create bodies are valid and name A (licensee) and, for designers, their own designer record.
 *
 * Viewers (policy.ts): admin, boss, holder and the approvers (who hold the product role) are
 * "holder" and see everything; admin and the product role are "product"; boss is not.
 */
const MATRIX: Record<Target, Record<Role, string>> = {
  Tag: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  403  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  403  200  403  403  see  see',
    studio: '  see  403  200  403  403  see  see',
    owner: '   see  403  200  403  403  see  see',
    staff: '   see  403  200  403  403  see  see',
    user: '    see  403  200  403  403  see  see',
  },
  Holder: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  403  200  403  403  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  403  200  403  403  see  see',
    studio: '  see  403  200  403  403  see  see',
    owner: '   see  403  200  403  403  see  see',
    staff: '   see  403  200  403  403  see  see',
    user: '    see  403  200  403  403  see  see',
  },
  IP: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  200  200  200  200  see  see',
    studio: '  hide 200  404  404  404  hide hide',
    owner: '   hide 403  404  404  404  hide hide',
    staff: '   hide 403  404  404  404  hide hide',
    user: '    hide 403  404  404  404  hide hide',
  },
  'IP·published': {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  403  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  403  200  403  403  see  see',
    studio: '  see  403  200  403  403  see  see',
    owner: '   see  403  200  403  403  see  see',
    staff: '   see  403  200  403  403  see  see',
    user: '    see  403  200  403  403  see  see',
  },
  // Designer records are made by the designer application (admin keeps data maintenance): a
  // designer neither creates another nor deletes its own; it changes its own profile.
  Designer: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  403  200  200  200  see  see',
    holder: '  see  403  200  200  200  see  see',
    legal: '   see  403  200  200  200  see  see',
    brand: '   see  403  200  200  200  see  see',
    cfl: '     see  403  200  200  200  see  see',
    designer: 'see  403  200  200  403  see  see',
    studio: '  see  403  200  403  403  see  see',
    owner: '   see  403  200  403  403  see  see',
    staff: '   see  403  200  403  403  see  see',
    user: '    see  403  200  403  403  see  see',
  },
  Licensee: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  403  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'hide 403  404  404  404  hide hide',
    studio: '  hide 403  404  404  404  hide hide',
    owner: '   see  403  200  200  200  see  see',
    staff: '   see  403  200  403  403  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  // A designer names only an organisation it belongs to or was invited by: A is neither (status 5, licensee).
  License: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  400  200  403  403  see  see',
    studio: '  hide 400  404  404  404  hide hide',
    owner: '   see  200  200  200  200  see  see',
    staff: '   see  200  200  200  200  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  Usage: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  200  200  200  200  see  see',
    studio: '  hide 200  404  404  404  hide hide',
    owner: '   hide 403  404  404  404  hide hide',
    staff: '   hide 403  404  404  404  hide hide',
    user: '    hide 403  404  404  404  hide hide',
  },
  // Rows are created by a royalty report (POST /api/sales/report|import): the generic create is
  // status 5 naming the report; a row changes only with its report, so licensees cannot write one.
  Sales: {
    admin: '   see  400  200  200  200  see  see',
    boss: '    see  400  200  200  200  see  see',
    holder: '  see  400  200  200  200  see  see',
    legal: '   see  400  200  200  200  see  see',
    brand: '   see  400  200  200  200  see  see',
    cfl: '     see  400  200  200  200  see  see',
    designer: 'hide 403  404  404  404  hide hide',
    studio: '  hide 403  404  404  404  hide hide',
    owner: '   see  400  200  403  403  see  see',
    staff: '   see  400  200  403  403  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  // Reports are made by the import service only: the generic create is refused for everyone.
  SalesReport: {
    admin: '   see  403  200  200  200  see  see',
    boss: '    see  403  200  200  200  see  see',
    holder: '  see  403  200  200  200  see  see',
    legal: '   see  403  200  200  200  see  see',
    brand: '   see  403  200  200  200  see  see',
    cfl: '     see  403  200  200  200  see  see',
    designer: 'hide 403  404  404  404  hide hide',
    studio: '  hide 403  404  404  404  hide hide',
    owner: '   see  403  200  200  200  see  see',
    staff: '   see  403  200  200  200  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  Product: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'see  403  200  403  403  see  see',
    studio: '  hide 403  404  404  404  hide hide',
    owner: '   see  200  200  200  200  see  see',
    staff: '   see  200  200  200  200  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  Invoice: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'hide 403  404  404  404  hide hide',
    studio: '  hide 403  404  404  404  hide hide',
    // An invoice changes only through /api/invoice/draft and its flow, never by PATCH or DELETE.
    owner: '   see  200  200  403  403  see  see',
    staff: '   see  200  200  403  403  see  see',
    user: '    hide 403  404  404  404  hide hide',
  },
  Review: {
    admin: '   see  200  200  200  200  see  see',
    boss: '    see  200  200  200  200  see  see',
    holder: '  see  200  200  200  200  see  see',
    legal: '   see  200  200  200  200  see  see',
    brand: '   see  200  200  200  200  see  see',
    cfl: '     see  200  200  200  200  see  see',
    designer: 'hide 403  404  404  404  hide hide',
    studio: '  hide 403  404  404  404  hide hide',
    owner: '   hide 403  404  404  404  hide hide',
    staff: '   hide 403  404  404  404  hide hide',
    user: '    hide 403  404  404  404  hide hide',
  },
};

/** Without credentials every route answers 401 status 8; with a token that fails, 401 status 7. */
const UNAUTHENTICATED = {
  none: '   401/8 401/8 401/8 401/8 401/8 401/8 401/8',
  forged: ' 401/7 401/7 401/7 401/7 401/7 401/7 401/7',
};

const ENVELOPE_STATUS: Record<number, number> = { 200: 0, 400: 5, 403: 3, 404: 2 };
const norm = (row: string) => row.trim().split(/\s+/).join(' ');

let api: EntityApi;
const token = {} as Record<Role, string>;
const sub = {} as Record<Role, string>;
const forged: Record<string, string> = {};

const fx = {
  licenseeA: '',
  D1: '',
  D2: '',
  ipPublished: '',
};
const target = {} as Record<Target, string>;
let counter = 0;
const n = () => `${Date.now().toString(36)}${++counter}`;

/**
 * Products need an active license (DESIGN §6); the license flow is tested elsewhere, so a fixture
 * activates the license for the product's creation and puts its state back afterwards (the
 * matrix expects the license still editable by its applicant).
 */
async function activateFor(entity: string, body: Rec): Promise<() => Promise<void>> {
  if (entity !== 'Product' || typeof body.license !== 'string') return async () => {};
  const db = await getDb();
  const key = body.license;
  const [before] = await db.select({ state: licenses.state }).from(licenses).where(eq(licenses.key, key));
  await db.update(licenses).set({ state: 'active' }).where(eq(licenses.key, key));
  return async () => {
    if (before) await db.update(licenses).set({ state: before.state }).where(eq(licenses.key, key));
  };
}

async function make(entity: string, role: Role, body: Rec): Promise<Rec> {
  const restore = await activateFor(entity, body);
  const res = await api.call<Envelope>('POST', `/api/v1/${entity}`, token[role], body);
  await restore();
  expect(res.json, `${entity} by ${role}: ${res.text}`).toMatchObject({ status: 0 });
  return res.json.data;
}

async function publish(key: string) {
  // Publication is a flow (DESIGN §6), not an entity route: the fixture sets the state directly.
  await (await getDb()).update(ips).set({ state: 'published' }).where(eq(ips.key, key));
}

const licenseBody = (licensee: string, designer?: string): Rec => ({
  ip: fx.ipPublished,
  licensee,
  ...(designer ? { designer } : {}),
  territory: ['JP'],
  term_start: '2026-01-01',
  term_end: '2026-12-31',
  royalty_rate_bp: 1000,
});
const salesBody = (license: string, product: string): Rec => ({
  license,
  product,
  period_start: '2026-01-01',
  period_end: '2026-01-31',
  territory: 'JP',
  net_sales: 1000,
});
/** A one-row royalty report of the license's organisation, written directly (reports need an active license). */
async function insertReport(license: string, product: string, owner?: string): Promise<{ report: string; row: string }> {
  const db = await getDb();
  const [l] = await db.select().from(licenses).where(eq(licenses.key, license));
  const report = newKey();
  const row = newKey();
  const period = { period_start: new Date('2026-01-01T00:00:00Z'), period_end: new Date('2026-01-31T00:00:00Z') };
  await db
    .insert(salesReports)
    .values({ key: report, reference: fixtureReference('RPT'), licensee: l!.licensee, ...period, row_count: 1, owner });
  await db.insert(sales).values({
    key: row,
    license,
    product,
    licensee: l!.licensee,
    ip: l!.ip,
    ...period,
    territory: 'JP',
    net_sales: 1000,
    royalty: 100,
    report,
    owner,
  });
  return { report, row };
}
const invoiceBody = (licensee: string): Rec => ({ licensee, period_start: '2026-01-01', period_end: '2026-03-31' });

/** A new record standing in the same relation to every role as the target of its row. */
const FACTORIES: Record<Target, () => Promise<string>> = {
  Tag: async () => String((await make('Tag', 'holder', { name_jp: 'タグ', name_en: `tag ${n()}` })).key),
  Holder: async () => String((await make('Holder', 'holder', { name: `holder ${n()}` })).key),
  IP: async () =>
    String(
      (await make('IP', 'designer', { name: `draft ${n()}`, kind: 'secondary', designer: fx.D1, parent: fx.ipPublished })).key,
    ),
  'IP·published': async () => {
    const key = String((await make('IP', 'holder', { name: `primary ${n()}`, kind: 'primary' })).key);
    await publish(key);
    return key;
  },
  // One designer record per person: a further one is data maintenance's, owned by nobody yet.
  Designer: async () =>
    String((await make('Designer', 'admin', { email: 'someone@example.com', creator_name: `Sho ${n()}` })).key),
  Licensee: async () => {
    // A new organisation whose owner and staff are A's owner and staff, as they are of A.
    const key = String((await make('Licensee', 'holder', { name: `org ${n()}` })).key);
    await (await getDb()).insert(userAccess).values([
      { sub: sub.owner, entry: `calbee:owner:licensee:${key}`, grantedBy: 'test' },
      { sub: sub.staff, entry: `calbee:staff:licensee:${key}`, grantedBy: 'test' },
    ]);
    return key;
  },
  License: async () => String((await make('License', 'owner', licenseBody(fx.licenseeA, fx.D1))).key),
  Usage: async () =>
    String((await make('Usage', 'designer', { ip: fx.ipPublished, designer: fx.D1, purpose: `usage ${n()}` })).key),
  Sales: async () => (await insertReport(target.License, target.Product)).row,
  SalesReport: async () => (await insertReport(target.License, target.Product)).report,
  Product: async () => String((await make('Product', 'owner', { license: target.License, name: `p ${n()}`, sku: 'S' })).key),
  Invoice: async () => String((await make('Invoice', 'owner', invoiceBody(fx.licenseeA))).key),
  Review: async () =>
    String((await make('Review', 'cfl', { subject_type: 'sales', subject_key: target.Sales, group: 'cfl' })).key),
};

/** The route entity of a target row, and a valid create body as this role would send it. */
function routeEntity(t: Target): string {
  return t === 'IP·published' ? 'IP' : t;
}

function createBody(t: Target, role: Role): Rec {
  const own = role === 'designer' ? fx.D1 : role === 'studio' ? fx.D2 : undefined;
  switch (t) {
    case 'Tag':
      return { name_jp: 'タグ', name_en: `created ${n()}` };
    case 'Holder':
      return { name: `created ${n()}` };
    case 'IP':
      return { name: `created ${n()}`, kind: 'secondary', parent: fx.ipPublished };
    case 'IP·published':
      return { name: `created ${n()}`, kind: 'primary' };
    case 'Designer':
      return { email: 'someone@example.com', creator_name: `created ${n()}` };
    case 'Licensee':
      return { name: `created ${n()}` };
    case 'License':
      return licenseBody(fx.licenseeA, own);
    case 'Usage':
      return { ip: fx.ipPublished, purpose: `created ${n()}` };
    case 'Sales':
      return salesBody(target.License, target.Product);
    case 'SalesReport':
      return { notes: `created ${n()}` };
    case 'Product':
      return { license: target.License, name: `created ${n()}`, sku: 'C' };
    case 'Invoice':
      return invoiceBody(fx.licenseeA);
    case 'Review':
      return { subject_type: 'sales', subject_key: target.Sales, group: 'cfl' };
  }
}

/** A harmless change to one field, and that field. */
function patchBody(t: Target, marker: string): [string, Rec] {
  const field = (
    {
      Tag: 'description',
      Holder: 'name',
      IP: 'description',
      'IP·published': 'description',
      Designer: 'pr',
      Licensee: 'website',
      License: 'notes',
      Usage: 'purpose',
      Sales: 'territory',
      SalesReport: 'notes',
      Product: 'category',
      Invoice: 'currency',
      Review: 'comment',
    } as const
  )[t];
  return [
    field,
    {
      [field]:
        t === 'Invoice'
          ? marker
              .slice(0, 3)
              .toUpperCase()
              .replace(/[^A-Z]/g, 'X')
          : marker,
    },
  ];
}

async function asAdmin(t: Target, key: string) {
  return api.call<Envelope>('GET', `/api/v1/${routeEntity(t)}/${key}`, token.admin);
}

/** The HTTP status of an answer, after checking it is an envelope whose status mirrors it. */
function outcome(res: { status: number; json: Envelope<unknown> | undefined }): string {
  const envelope = res.json;
  expect(envelope, 'a JSON envelope').toBeDefined();
  expect(typeof envelope?.status).toBe('number');
  if (res.status in ENVELOPE_STATUS) expect(envelope?.status, `envelope of HTTP ${res.status}`).toBe(ENVELOPE_STATUS[res.status]);
  return String(res.status);
}

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  for (const role of ROLE_NAMES) {
    sub[role] = await subOf(ROLES[role]);
    token[role] = await issueAccessToken(sub[role]);
  }
  // Tokens the server must refuse: unknown, tampered, issued to another client, expired.
  forged.unknown = newKey(43);
  const valid = token.user;
  forged.tampered = valid.slice(0, -1) + (valid.endsWith('A') ? 'B' : 'A');
  forged.otherClient = await issueAccessToken(sub.user, { clientId: 'some-other-client' });
  forged.expired = await issueAccessToken(sub.user, { expiresIn: -60 });

  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.licenseeA = org!.key;
  // The demo designers' records, as their designer applications issued them.
  fx.D1 = await designerKeyOf(ROLES.designer);
  fx.D2 = await designerKeyOf(ROLES.studio);
  fx.ipPublished = await FACTORIES['IP·published']();
  // Secondary IPs are made from a primary IP their designer holds an approved permit for.
  await grantPermit(sub.designer, fx.ipPublished, fx.D1);
  await grantPermit(sub.studio, fx.ipPublished, fx.D2);

  target['IP·published'] = fx.ipPublished;
  target.Designer = fx.D1;
  target.Licensee = fx.licenseeA;
  for (const t of ['Tag', 'Holder', 'IP', 'License', 'Product', 'Sales', 'SalesReport', 'Invoice', 'Usage', 'Review'] as const) {
    target[t] = await FACTORIES[t]();
  }
});

afterAll(async () => {
  await api?.close();
});

async function listed(path: string, tok: string | undefined, key: string): Promise<[number, string]> {
  const res = await api.call<Envelope<{ items: Rec[] }>>('GET', path, tok);
  const status = outcome(res);
  if (res.status !== 200) return [res.status, status];
  return [200, res.json.data.items.some((r) => r.key === key) ? 'see' : 'hide'];
}

/** Runs the seven routes for one role on one target row and returns the observed row. */
async function observe(t: Target, role: Role): Promise<string> {
  const entity = routeEntity(t);
  const base = `/api/v1/${entity}`;
  const key = target[t];
  const tok = token[role];
  const cells: string[] = [];

  cells.push((await listed(`${base}?limit=500`, tok, key))[1]);

  // A product is made under an active license; the target license itself stays 'applied' for its own row.
  const body = createBody(t, role);
  const restore = await activateFor(entity, body);
  const create = await api.call<Envelope>('POST', base, tok, body);
  await restore();
  cells.push(outcome(create));
  if (create.status === 200) expect(create.json.data.key).toBeTruthy();

  const read = await api.call<Envelope>('GET', `${base}/${key}`, tok);
  cells.push(outcome(read));
  if (read.status === 200) expect(read.json.data.key).toBe(key);

  const before = (await asAdmin(t, key)).json.data;
  const [field, change] = patchBody(t, `m${n()}`);
  const patch = await api.call<Envelope>('PATCH', `${base}/${key}`, tok, change);
  cells.push(outcome(patch));
  const afterPatch = (await asAdmin(t, key)).json.data;
  if (patch.status === 200) expect(afterPatch[field]).toEqual(change[field]);
  else expect(afterPatch, 'a refused PATCH changes nothing').toEqual(before);

  // DELETE runs on a new record in the same relation to the role, so the target stays for the rest.
  const doomed = await FACTORIES[t]();
  const del = await api.call<Envelope>('DELETE', `${base}/${doomed}`, tok);
  cells.push(outcome(del));
  expect((await asAdmin(t, doomed)).status, 'the record is gone exactly when DELETE succeeded').toBe(
    del.status === 200 ? 404 : 200,
  );

  const query = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, { limit: 500 });
  outcome(query);
  const byKey = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, { filter: { key } });
  outcome(byKey);
  const inQuery = query.json.data.items.some((r) => r.key === key);
  expect(byKey.json.data.items.length, 'query by key agrees with the unfiltered query').toBe(inQuery ? 1 : 0);
  cells.push(query.status === 200 ? (inQuery ? 'see' : 'hide') : String(query.status));

  const aggregate = await api.call<Envelope<Rec[]>>('POST', `${base}/aggregate`, tok, {
    pipeline: [{ $match: { key } }, { $group: { _id: null, n: { $count: {} } } }],
  });
  outcome(aggregate);
  if (aggregate.status === 200) {
    expect([[], [{ _id: null, n: 1 }]]).toContainEqual(aggregate.json.data);
    cells.push(aggregate.json.data.length ? 'see' : 'hide');
  } else cells.push(String(aggregate.status));
  return cells.join(' ');
}

describe('authorization matrix', () => {
  for (const t of Object.keys(MATRIX) as Target[]) {
    describe(t, () => {
      for (const role of ROLE_NAMES) {
        it(`as ${role}: ${norm(MATRIX[t][role])}`, async () => {
          expect(await observe(t, role)).toBe(norm(MATRIX[t][role]));
        });
      }

      for (const [who, expected] of Object.entries(UNAUTHENTICATED)) {
        it(`${who === 'none' ? 'without a token' : 'with a forged token'}: ${norm(expected)}`, async () => {
          const entity = routeEntity(t);
          const key = target[t];
          const tok = who === 'none' ? undefined : forged.tampered;
          const calls: [string, string, unknown][] = [
            ['GET', `/api/v1/${entity}`, undefined],
            ['POST', `/api/v1/${entity}`, createBody(t, 'admin')],
            ['GET', `/api/v1/${entity}/${key}`, undefined],
            ['PATCH', `/api/v1/${entity}/${key}`, patchBody(t, 'anonymous')[1]],
            ['DELETE', `/api/v1/${entity}/${key}`, undefined],
            ['POST', `/api/v1/${entity}/query`, {}],
            ['POST', `/api/v1/${entity}/aggregate`, { pipeline: [{ $group: { _id: null, n: { $count: {} } } }] }],
          ];
          const cells: string[] = [];
          for (const [method, path, body] of calls) {
            const res = await api.call<Envelope<unknown>>(method, path, tok, body);
            expect(res.json.data).toBe('invalid session');
            cells.push(`${res.status}/${res.json.status}`);
          }
          expect(cells.join(' ')).toBe(norm(expected));
          expect((await asAdmin(t, key)).status, 'the record is still there').toBe(200);
        });
      }
    });
  }

  it('refuses every kind of forged token with 401 status 7', async () => {
    for (const [kind, tok] of Object.entries(forged)) {
      const res = await api.call<Envelope<unknown>>('GET', '/api/v1/Tag', tok);
      expect([kind, res.status, res.json]).toEqual([kind, 401, { status: 7, data: 'invalid session' }]);
    }
    const notBearer = await api.call<Envelope<unknown>>('GET', '/api/v1/Tag', '');
    expect(notBearer.json.status).toBe(8);
  });
});

describe('across licensee organisations', () => {
  const B = { org: '', ownerSub: '', staffSub: '', owner: '', staff: '' };
  const recordsOf: Record<'A' | 'B', Record<string, string>> = { A: {}, B: {} };
  const ORG_ENTITIES = ['License', 'Product', 'Sales', 'Invoice', 'Licensee'] as const;

  /** The four people of the two organisations, by the token each signs in with. */
  const members = () => ({
    A: [
      ['owner A', token.owner],
      ['staff A', token.staff],
    ],
    B: [
      ['owner B', B.owner],
      ['staff B', B.staff],
    ],
  });

  beforeAll(async () => {
    B.org = String((await make('Licensee', 'holder', { name: `Second Org ${n()}` })).key);
    const db = await getDb();
    B.ownerSub = newKey();
    B.staffSub = newKey();
    await db.insert(users).values([
      { sub: B.ownerSub, email: `owner-b-${n()}@example.org`, nickname: 'owner-b', lang: 'en' },
      { sub: B.staffSub, email: `staff-b-${n()}@example.org`, nickname: 'staff-b', lang: 'en' },
    ]);
    await db.insert(userAccess).values([
      { sub: B.ownerSub, entry: 'calbee:licensee', grantedBy: 'test' },
      { sub: B.ownerSub, entry: `calbee:owner:licensee:${B.org}`, grantedBy: 'test' },
      { sub: B.ownerSub, entry: 'calbee:user', grantedBy: 'test' },
      { sub: B.staffSub, entry: `calbee:staff:licensee:${B.org}`, grantedBy: 'test' },
      { sub: B.staffSub, entry: 'calbee:user', grantedBy: 'test' },
    ]);
    B.owner = await issueAccessToken(B.ownerSub);
    B.staff = await issueAccessToken(B.staffSub);

    for (const [side, tok, org] of [
      ['A', token.owner, fx.licenseeA],
      ['B', B.owner, B.org],
    ] as const) {
      const post = async (entity: string, body: Rec) => {
        const restore = await activateFor(entity, body);
        const res = await api.call<Envelope>('POST', `/api/v1/${entity}`, tok, body);
        await restore();
        expect(res.json, res.text).toMatchObject({ status: 0 });
        return String(res.json.data.key);
      };
      const license = await post('License', licenseBody(org));
      const product = await post('Product', { license, name: `${side} product`, sku: side });
      recordsOf[side] = {
        License: license,
        Product: product,
        Sales: (await insertReport(license, product, side === 'A' ? sub.owner : B.ownerSub)).row,
        Invoice: await post('Invoice', invoiceBody(org)),
        Licensee: org,
      };
    }
    expect(recordsOf.B.License).not.toBe(recordsOf.A.License);
  });

  for (const [reader, owner] of [
    ['A', 'B'],
    ['B', 'A'],
  ] as const) {
    it(`members of ${reader} can neither read, list, query, aggregate, patch nor delete ${owner}'s records`, async () => {
      for (const [who, tok] of members()[reader]) {
        for (const entity of ORG_ENTITIES) {
          const foreign = recordsOf[owner][entity]!;
          const own = recordsOf[reader][entity]!;
          const base = `/api/v1/${entity}`;
          const label = `${who} on ${owner}'s ${entity}`;
          const before = (await api.call<Envelope>('GET', `${base}/${foreign}`, token.admin)).json.data;

          const read = await api.call<Envelope>('GET', `${base}/${foreign}`, tok);
          expect([label, read.status, read.json.status]).toEqual([label, 404, 2]);
          expect((await api.call('GET', `${base}/${own}`, tok)).status, `${who} reads its own ${entity}`).toBe(200);

          const list = await api.call<Envelope<{ items: Rec[] }>>('GET', `${base}?limit=500`, tok);
          const listedKeys = list.json.data.items.map((r) => r.key);
          expect(listedKeys, label).not.toContain(foreign);
          expect(listedKeys, label).toContain(own);

          const query = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, { limit: 500 });
          expect(
            query.json.data.items.map((r) => r.key),
            label,
          ).not.toContain(foreign);
          const byKey = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, {
            filter: { key: { $in: [foreign, own] } },
          });
          expect(
            byKey.json.data.items.map((r) => r.key),
            label,
          ).toEqual([own]);
          if (entity !== 'Licensee') {
            // Asking for the other organisation by name finds nothing either.
            const byOrg = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, {
              filter: { licensee: recordsOf[owner].Licensee },
            });
            expect(byOrg.json.data.items, label).toEqual([]);
            // Grouped by organisation, only the caller's own shows up.
            const grouped = await api.call<Envelope<Rec[]>>('POST', `${base}/aggregate`, tok, {
              pipeline: [{ $group: { _id: '$licensee', n: { $count: {} } } }],
            });
            expect(
              grouped.json.data.map((g) => g._id),
              label,
            ).toEqual([recordsOf[reader].Licensee]);
          }
          const aggregate = await api.call<Envelope<Rec[]>>('POST', `${base}/aggregate`, tok, {
            pipeline: [{ $match: { key: foreign } }, { $group: { _id: null, n: { $count: {} } } }],
          });
          expect(aggregate.json, label).toEqual({ status: 0, data: [] });

          const [, change] = patchBody(entity as Target, 'cross');
          const patch = await api.call<Envelope>('PATCH', `${base}/${foreign}`, tok, change);
          expect([label, patch.status, patch.json.status]).toEqual([label, 404, 2]);
          const del = await api.call<Envelope>('DELETE', `${base}/${foreign}`, tok);
          expect([label, del.status, del.json.status]).toEqual([label, 404, 2]);

          const after = await api.call<Envelope>('GET', `${base}/${foreign}`, token.admin);
          expect(after.json.data, `${label}: untouched`).toEqual(before);
        }
      }
    });
  }

  it('cannot create records in the other organisation or under its license', async () => {
    for (const [who, tok, other] of [
      ['owner A', token.owner, 'B'],
      ['staff A', token.staff, 'B'],
      ['owner B', B.owner, 'A'],
      ['staff B', B.staff, 'A'],
    ] as const) {
      const foreign = recordsOf[other];
      const license = await api.call<Envelope>('POST', '/api/v1/License', tok, licenseBody(foreign.Licensee!));
      expect([who, license.status, license.json.status]).toEqual([who, 403, 3]);
      const product = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Product', tok, {
        license: foreign.License,
        name: 'x',
        sku: 'x',
      });
      expect([who, product.status, product.json.status, Object.keys(product.json.data.errors)]).toEqual([
        who,
        400,
        5,
        ['license'],
      ]);
      const sales = await api.call<Envelope<{ errors: Rec }>>(
        'POST',
        '/api/v1/Sales',
        tok,
        salesBody(foreign.License!, foreign.Product!),
      );
      // Rows are never created by the generic API (status 5 names the report route), let alone here.
      expect([who, sales.status, sales.json.status, Object.keys(sales.json.data.errors)]).toEqual([who, 400, 5, ['report']]);
      const invoice = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Invoice', tok, invoiceBody(foreign.Licensee!));
      expect([who, invoice.status, invoice.json.status, Object.keys(invoice.json.data.errors)]).toEqual([
        who,
        400,
        5,
        ['licensee'],
      ]);
    }
    // Nothing was created on either side by the other: B holds only its fixtures, and whatever
    // B's owner made belongs to B.
    const db = await getDb();
    for (const table of [licenses, products, sales, invoices]) {
      const ofB = await db.select({ key: table.key }).from(table).where(eq(table.licensee, B.org));
      expect(ofB.length).toBe(1);
    }
    for (const table of [products, sales, invoices]) {
      const byB = await db.select({ licensee: table.licensee }).from(table).where(eq(table.owner, B.ownerSub));
      expect(byB.map((r) => r.licensee)).toEqual([B.org]);
    }
    const appliedByB = await db.select({ licensee: licenses.licensee }).from(licenses).where(eq(licenses.applicant, B.ownerSub));
    expect(appliedByB.map((r) => r.licensee)).toEqual([B.org]);
  });

  it('cannot move its own records into the other organisation by PATCH', async () => {
    const post = async (entity: string, body: Rec) => {
      const restore = await activateFor(entity, body);
      const res = await api.call<Envelope>('POST', `/api/v1/${entity}`, token.owner, body);
      await restore();
      expect(res.json, res.text).toMatchObject({ status: 0 });
      return res.json.data;
    };
    const license = await post('License', licenseBody(fx.licenseeA));
    const product = await post('Product', { license: license.key, name: 'movable', sku: 'M' });
    const report = (
      await api.call<Envelope>(
        'GET',
        `/api/v1/Sales/${(await insertReport(String(license.key), String(product.key))).row}`,
        token.admin,
      )
    ).json.data;
    const invoice = await post('Invoice', invoiceBody(fx.licenseeA));
    // [entity, record, change, HTTP status, envelope status, field named under errors]
    const attempts: [string, Rec, Rec, number, number, string?][] = [
      ['License', license, { licensee: B.org }, 403, 3],
      ['Invoice', invoice, { licensee: B.org }, 403, 3],
      ['Product', product, { license: recordsOf.B.License }, 400, 5, 'license'],
      // A sales row is not the licensee's to change at all (it changes with its report).
      ['Sales', report, { license: recordsOf.B.License, product: recordsOf.B.Product }, 403, 3],
    ];
    for (const [entity, record, change, http, status, field] of attempts) {
      for (const [who, tok] of members().A) {
        const res = await api.call<Envelope<{ errors?: Rec }>>('PATCH', `/api/v1/${entity}/${String(record.key)}`, tok, change);
        expect([who, entity, res.status, res.json.status]).toEqual([who, entity, http, status]);
        if (field) expect(Object.keys(res.json.data.errors ?? {})).toEqual([field]);
      }
      const stored = await api.call<Envelope>('GET', `/api/v1/${entity}/${String(record.key)}`, token.admin);
      expect(stored.json.data, `${entity} stays A's`).toEqual(record);
      for (const [, tok] of members().B) {
        expect((await api.call('GET', `/api/v1/${entity}/${String(record.key)}`, tok)).status).toBe(404);
      }
    }
    // Within the organisation a product may move to another license; what the server copies from
    // the license follows. (A sales row may not: it changes with its report; holder staff may correct one.)
    const other = await post('License', { ...licenseBody(fx.licenseeA, fx.D1), royalty_rate_bp: 2500 });
    const restoreOther = await activateFor('Product', { license: other.key });
    const moved = await api.call<Envelope>('PATCH', `/api/v1/Product/${String(product.key)}`, token.staff, {
      license: other.key,
    });
    await restoreOther();
    expect(moved.json.data).toMatchObject({ license: other.key, licensee: fx.licenseeA, designer: fx.D1 });
    const otherProduct = await post('Product', { license: other.key, name: 'other', sku: 'O' });
    const rerated = await api.call<Envelope>('PATCH', `/api/v1/Sales/${String(report.key)}`, token.holder, {
      license: other.key,
      product: otherProduct.key,
    });
    expect(rerated.json.data).toMatchObject({ license: other.key, product: otherProduct.key, royalty: 250 });
  });
});

describe('between two designers', () => {
  const mine = { designer: {} as Record<string, string>, studio: {} as Record<string, string> };

  beforeAll(async () => {
    for (const [role, designerKey] of [
      ['designer', fx.D1],
      ['studio', fx.D2],
    ] as const) {
      mine[role] = {
        IP: String(
          (await make('IP', role, { name: `${role} draft`, kind: 'secondary', designer: designerKey, parent: fx.ipPublished }))
            .key,
        ),
        Usage: String((await make('Usage', role, { ip: fx.ipPublished, designer: designerKey, purpose: `${role} usage` })).key),
        Designer: designerKey,
      };
    }
  });

  for (const [reader, other] of [
    ['designer', 'studio'],
    ['studio', 'designer'],
  ] as const) {
    it(`${reader} cannot see ${other}'s draft IP or usage, and may read but not change ${other}'s profile`, async () => {
      const tok = token[reader];
      for (const entity of ['IP', 'Usage'] as const) {
        const foreign = mine[other][entity]!;
        const base = `/api/v1/${entity}`;
        const before = (await api.call<Envelope>('GET', `${base}/${foreign}`, token.admin)).json.data;
        const read = await api.call<Envelope>('GET', `${base}/${foreign}`, tok);
        expect([entity, read.status, read.json.status]).toEqual([entity, 404, 2]);
        expect((await api.call('GET', `${base}/${mine[reader][entity]}`, tok)).status).toBe(200);
        const list = await api.call<Envelope<{ items: Rec[] }>>('GET', `${base}?limit=500`, tok);
        expect(list.json.data.items.map((r) => r.key)).not.toContain(foreign);
        expect(list.json.data.items.map((r) => r.key)).toContain(mine[reader][entity]);
        const query = await api.call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, tok, {
          filter: { designer: mine[other].Designer },
        });
        expect(query.json.data.items, `${entity} by the other designer`).toEqual([]);
        const aggregate = await api.call<Envelope<Rec[]>>('POST', `${base}/aggregate`, tok, {
          pipeline: [{ $group: { _id: '$designer', n: { $count: {} } } }],
        });
        expect(aggregate.json.data.map((g) => g._id)).not.toContain(mine[other].Designer);
        const patch = await api.call<Envelope>('PATCH', `${base}/${foreign}`, tok, {
          [entity === 'IP' ? 'name' : 'purpose']: 'x',
        });
        expect([entity, patch.status, patch.json.status]).toEqual([entity, 404, 2]);
        const del = await api.call<Envelope>('DELETE', `${base}/${foreign}`, tok);
        expect([entity, del.status, del.json.status]).toEqual([entity, 404, 2]);
        expect((await api.call<Envelope>('GET', `${base}/${foreign}`, token.admin)).json.data).toEqual(before);
      }
      const profile = `/api/v1/Designer/${mine[other].Designer}`;
      const before = await api.call<Envelope>('GET', profile, tok);
      expect(before.status).toBe(200);
      expect(before.json.data.mine).toBe(false);
      const patch = await api.call<Envelope>('PATCH', profile, tok, { pr: 'hijacked' });
      expect([patch.status, patch.json.status]).toEqual([403, 3]);
      const del = await api.call<Envelope>('DELETE', profile, tok);
      expect([del.status, del.json.status]).toEqual([403, 3]);
      expect((await api.call<Envelope>('GET', profile, tok)).json.data).toEqual(before.json.data);
    });
  }

  it('cannot hand its own IP or usage to the other designer, or promote its IP to primary, by PATCH', async () => {
    const ip = `/api/v1/IP/${mine.designer.IP}`;
    const usage = `/api/v1/Usage/${mine.designer.Usage}`;
    const before = {
      ip: (await api.call<Envelope>('GET', ip, token.admin)).json.data,
      usage: (await api.call<Envelope>('GET', usage, token.admin)).json.data,
    };
    for (const [path, change] of [
      [ip, { designer: fx.D2 }],
      [ip, { kind: 'primary' }],
      [usage, { designer: fx.D2 }],
    ] as const) {
      const res = await api.call<Envelope>('PATCH', path, token.designer, change);
      expect([path, change, res.status, res.json.status]).toEqual([path, change, 403, 3]);
    }
    expect((await api.call<Envelope>('GET', ip, token.admin)).json.data).toEqual(before.ip);
    expect((await api.call<Envelope>('GET', usage, token.admin)).json.data).toEqual(before.usage);
    expect((await api.call('GET', ip, token.studio)).status).toBe(404);
  });
});

afterAll(async () => {
  // The extra access entries of the Licensee factory name organisations that may be gone.
  const db = await getDb();
  await db.delete(userAccess).where(and(eq(userAccess.grantedBy, 'test'), inArray(userAccess.sub, [sub.owner, sub.staff])));
});
