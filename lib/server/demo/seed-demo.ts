import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { ips, licensees, licenses, products, salesReports } from '../db/entities-schema';
import { createRecord } from '../entities/records';
import { entities } from '../entities/definitions';
import { mintWrapper } from '../chain/mint-wrapper';
import { updateOwnProfile } from '../users/update-own-profile';
import { demoAccounts } from '../db/demo-accounts';
import { notifyNew } from '../notify/create-notification';
import { applyTransition } from '../flow/apply-transition';
import { contractAttributes } from '../contracts/attributes';
import { contractInView } from '../contracts/access';
import { signContract } from '../contracts/sign';
import { draftInvoice } from '../invoices/draft-invoice';
import { drainJobs } from '../jobs/drain';
import { joinLicensee } from '../licensees/change-licensee-member';
import { createReport } from '../sales/report';
import { currencyDecimals, fromMinorUnits } from '../sales/money';
import { recordPayment } from '../payments/record-payment';
import { recordRate } from '../fx/rates';
import { saveFile } from '../storage/save-file';
import { assignTag } from '../tags/assign-tag';
import { hashPassword } from '../users/password';
import { actorOf, decide, ensurePerson, pendingReview, type Actor } from './actors';
import { characterSvg, productSvg, renderPng, renderWebp, signatureDataUrl } from './artwork';
import { DEMO_CHARACTERS, DEMO_ORGS, DEMO_TAGS, SEASON, type DemoOrg } from './cast';

export interface DemoSummary {
  skipped: boolean;
  ms: number;
  counts: Record<string, number>;
}

type Log = (line: string) => void;

const SIGNING_META = { ip: '127.0.0.1', userAgent: 'demo-seed' };

/** Months of royalty reports, oldest first, ending with the last finished month before `now`. */
export function reportMonths(now: Date, count = 24): { start: string; end: string; month: number }[] {
  const months: { start: string; end: string; month: number }[] = [];
  for (let i = count; i >= 1; i--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    months.push({
      start: first.toISOString().slice(0, 10),
      end: last.toISOString().slice(0, 10),
      month: first.getUTCMonth() + 1,
    });
  }
  return months;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Whether the demo business is there already: the first character is its mark (a second start adds nothing). */
export async function demoSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ key: ips.key })
    .from(ips)
    .where(and(eq(ips.name, DEMO_CHARACTERS[0]!.name), eq(ips.kind, 'primary')))
    .limit(1);
  return Boolean(row);
}

/**
 * The demo business of issue #19, made by the demo people through the services the API uses:
 * records through createRecord, steps through applyTransition, decisions through decideReview,
 * signatures through signContract, reports through createReport, invoices through draftInvoice.
 * Contract PDFs and credentials are jobs of the durable queue, drained between steps.
 */
export async function seedDemoBusiness(db: Db, password: string, options: { log?: Log; now?: Date } = {}): Promise<DemoSummary> {
  try {
    return await seedAll(db, password, options);
  } catch (err) {
    // A refusal from a service says which field: keep it in the start log.
    if (err instanceof AppError) err.message = `${err.message}: ${JSON.stringify(err.data)}`;
    throw err;
  }
}

async function seedAll(db: Db, password: string, options: { log?: Log; now?: Date }): Promise<DemoSummary> {
  const started = Date.now();
  const log: Log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  if (await demoSeeded(db)) return { skipped: true, ms: Date.now() - started, counts: {} };
  const counts: Record<string, number> = {};
  const count = (what: string, n = 1) => (counts[what] = (counts[what] ?? 0) + n);
  const emails = new Map<string, string>();
  const as = async (email: string) => {
    const actor = await actorOf(db, email);
    emails.set(actor.sub, email);
    return actor;
  };

  const holder = await as('holder@example.com');
  const admin = await as('admin@example.com');
  const legal = await as('legal@example.com');
  const brand = await as('brand@example.com');
  const cfl = await as('cfl@example.com');
  const boss = await as('boss@example.com');
  const designer = await as('designer@example.com');
  const studio = await as('studio@example.com');

  // 1. Tags and the primary IPs, with their artwork.
  log('demo: tags and primary IPs');
  const tagKeys: Record<string, string> = {};
  for (const tag of DEMO_TAGS) {
    const row = await createRecord(db, entities.Tag, holder.viewer, {
      name_jp: tag.name_jp,
      name_en: tag.name_en,
      color: tag.color,
      description: `${tag.name_jp} / ${tag.name_en}`,
    });
    tagKeys[tag.id] = String(row.key);
    count('tags');
  }
  const primaries: { key: string; art: (typeof DEMO_CHARACTERS)[number]['art']; image: string; name: string }[] = [];
  for (const character of DEMO_CHARACTERS) {
    const png = await renderPng(characterSvg(character.art));
    const file = await saveFile(db, { bytes: png, name: `${character.art.label}.png`, owner: holder.sub, public: true });
    const ip = await createRecord(db, entities.IP, holder.viewer, {
      name: character.name,
      kind: 'primary',
      description: character.description,
      guidelines: character.guidelines,
      categories: character.categories,
      images: [{ hash: file.hash, name: file.name, mime: file.mime }],
    });
    const key = String(ip.key);
    await applyTransition(db, holder.viewer, { entity: 'IP', key, action: 'publish' });
    for (const tag of character.tags) await assignTag(db, holder.caller, tagKeys[tag], { entity: 'IP', key });
    primaries.push({ key, art: character.art, image: file.hash, name: character.name });
    count('primary IPs');
  }

  // 2. Designer profiles, usage permits and secondary IPs in every state.
  log('demo: designers, usage permits and secondary IPs');
  // Their designer records come with the demo accounts (as the designer application issues them).
  const personal = { key: designer.viewer.designers[0] };
  const corporate = { key: studio.viewer.designers[0] };
  if (!personal.key || !corporate.key) throw new Error('demo seed: the demo designers have no designer record');
  const creators = [
    { actor: designer, record: String(personal.key) },
    { actor: studio, record: String(corporate.key) },
  ];
  for (const c of creators) {
    for (const p of primaries) {
      const usage = await createRecord(db, entities.Usage, c.actor.viewer, {
        ip: p.key,
        designer: c.record,
        purpose: `${p.name} の二次創作（パッケージ・グッズ）/ Secondary works for packaging and goods`,
      });
      await decide(db, brand, String(usage.key), 'brand', 'approved', { comment: 'ガイドラインの範囲でご利用ください。' });
      count('usage permits');
    }
  }
  // [state, round story] for 20 secondary IPs, alternating designers.
  const plans = [
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved_after_changes',
    'approved_after_changes',
    'submitted',
    'submitted',
    'resubmitted',
    'changes_requested',
    'changes_requested',
    'changes_requested',
    'rejected',
    'rejected',
    'draft',
    'draft',
  ] as const;
  const secondaries: { key: string; parent: (typeof primaries)[number]; designer: string; state: string }[] = [];
  const variants = [
    '夏祭り',
    '冬のこたつ',
    'お弁当',
    '宇宙旅行',
    'サッカー',
    '図書館',
    '雨の日',
    '花火',
    '雪だるま',
    'ピクニック',
  ];
  for (const [i, plan] of plans.entries()) {
    const c = creators[i % 2]!;
    const parent = primaries[i % primaries.length]!;
    const variant = variants[i % variants.length]!;
    const art = { ...parent.art, background: i % 2 ? '#fef9ef' : '#eef4fb', label: `${parent.art.label} ${i + 1}` };
    const file = await saveFile(db, {
      bytes: await renderPng(characterSvg(art, 384)),
      name: `${art.label.replace(/\W+/g, '-')}.png`,
      owner: c.actor.sub,
    });
    const ip = await createRecord(db, entities.IP, c.actor.viewer, {
      name: `${parent.name.split(' / ')[0]}（${variant}）`,
      kind: 'secondary',
      parent: parent.key,
      designer: c.record,
      description: `${variant}をテーマにした${parent.name.split(' / ')[0]}のバリエーション。`,
      categories: parent.name.includes('Stikkun') ? ['文具'] : ['菓子'],
      images: [{ hash: file.hash, name: file.name, mime: file.mime }],
    });
    const key = String(ip.key);
    if (plan !== 'draft') {
      await applyTransition(db, c.actor.viewer, { entity: 'IP', key, action: 'submit' });
      const pins = [
        {
          image: file.hash,
          x: 0.42,
          y: 0.48,
          note: '目の位置が原作より離れています。 The eyes sit wider apart than in the original.',
        },
        { image: file.hash, x: 0.5, y: 0.9, note: 'ロゴ周りの余白を確保してください。 Keep clear space around the name.' },
      ];
      if (plan === 'resubmitted') {
        // Sent back with pins, resubmitted: the second round waits, with the pins of the first in its history.
        await decide(db, legal, key, 'legal', 'approved');
        await decide(db, brand, key, 'brand', 'changes_requested', { comment: '2点修正をお願いします。', markups: pins });
        await applyTransition(db, c.actor.viewer, { entity: 'IP', key, action: 'resubmit', comment: '修正しました。' });
      } else if (plan === 'approved' || plan === 'approved_after_changes') {
        if (plan === 'approved_after_changes') {
          await decide(db, brand, key, 'brand', 'changes_requested', { comment: '2点修正をお願いします。', markups: pins });
          await applyTransition(db, c.actor.viewer, { entity: 'IP', key, action: 'resubmit', comment: '修正しました。' });
        }
        await decide(db, brand, key, 'brand', 'approved', { comment: '承認します。' });
        await decide(db, legal, key, 'legal', 'approved');
      } else if (plan === 'changes_requested') {
        await decide(db, legal, key, 'legal', 'approved');
        await decide(db, brand, key, 'brand', 'changes_requested', { comment: '修正してください。', markups: pins });
      } else if (plan === 'rejected') {
        await decide(db, legal, key, 'legal', 'rejected', {
          comment: '原作の世界観と合いません。 Does not fit the original world.',
        });
      } else if (plan === 'submitted' && i % 2 === 0) {
        // One group has decided: the round waits for the other.
        await decide(db, legal, key, 'legal', 'approved', { comment: '権利面は問題ありません。' });
      }
    }
    const state = plan.startsWith('approved') ? 'approved' : plan === 'resubmitted' ? 'submitted' : plan;
    secondaries.push({ key, parent, designer: c.record, state });
    count('secondary IPs');
  }

  // 3. Licensee organisations with owners and staff.
  log('demo: licensee organisations');
  const passwordHash = await hashPassword(password);
  const defaultAccess = [`${holder.caller.access.find((a) => a.endsWith(':user')) ?? 'calbee:user'}`];
  const orgKeys: Record<string, string> = {};
  const owners: Record<string, Actor> = {};
  for (const org of DEMO_ORGS) {
    const row = await createRecord(db, entities.Licensee, holder.viewer, {
      name: org.name,
      email: org.email,
      tel: org.tel,
      country: org.country,
      address: org.address,
    });
    const key = String(row.key);
    orgKeys[org.id] = key;
    for (const [role, people] of [
      ['owner', org.owners],
      ['staff', org.staff],
    ] as const) {
      for (const person of people) {
        const sub = await ensurePerson(db, person, passwordHash, defaultAccess);
        await db.transaction((tx) => joinLicensee(tx as never, { key, sub, role, grantedBy: holder.sub }));
        if (role === 'owner' && !row.owner) await db.update(licensees).set({ owner: sub }).where(eq(licensees.key, key));
        count('licensee members');
      }
    }
    owners[org.id] = await as(org.owners[0]!.email);
    count('licensee organisations');
  }

  // 4. Licenses in every state; the active ones signed by both parties with credentials issued.
  log('demo: licenses and contracts (PDFs and credentials run as jobs)');
  const months = reportMonths(now);
  const termStart = months[0]!.start;
  const termEnd = day(new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth() + 10, 0)));
  const approvedSecondaries = secondaries.filter((s) => s.state === 'approved');
  type Plan = { org: DemoOrg; ip: string; designer?: string; state: string; rate: number };
  const jp = DEMO_ORGS[0]!;
  const tw = DEMO_ORGS[1]!;
  const us = DEMO_ORGS[2]!;
  const licensePlans: Plan[] = [
    { org: jp, ip: primaries[0]!.key, state: 'active', rate: 800 },
    { org: jp, ip: approvedSecondaries[0]!.key, designer: approvedSecondaries[0]!.designer, state: 'active', rate: 1000 },
    { org: tw, ip: primaries[2]!.key, state: 'active', rate: 700 },
    { org: us, ip: primaries[1]!.key, state: 'active', rate: 900 },
    { org: jp, ip: primaries[3]!.key, state: 'applied', rate: 800 },
    { org: tw, ip: primaries[4]!.key, state: 'in_review', rate: 750 },
    { org: us, ip: primaries[5]!.key, state: 'approved', rate: 900 },
    { org: jp, ip: primaries[5]!.key, state: 'rejected', rate: 500 },
    { org: tw, ip: primaries[0]!.key, state: 'contract_sent', rate: 700 },
    { org: us, ip: primaries[0]!.key, state: 'signed', rate: 850 },
    { org: jp, ip: primaries[4]!.key, state: 'expired', rate: 600 },
    { org: us, ip: primaries[3]!.key, state: 'terminated', rate: 900 },
  ];
  const licenseRows: { key: string; plan: Plan }[] = [];
  const signature = await signatureDataUrl(1);
  const sign = async (actor: Actor, key: string, party: 'licensee' | 'holder', typedName: string) => {
    const attr = await contractAttributes(db, actor.viewer, await contractInView(db, actor.viewer, key));
    await signContract(db, actor.caller, key, { party, sha256: attr.sha256, typedName, signature, consent: true }, SIGNING_META);
  };
  const toContractSent: string[] = [];
  for (const plan of licensePlans) {
    const owner = owners[plan.org.id]!;
    const short = plan.state === 'expired';
    const row = await createRecord(db, entities.License, owner.viewer, {
      ip: plan.ip,
      licensee: orgKeys[plan.org.id],
      ...(plan.designer ? { designer: plan.designer } : {}),
      territory: [plan.org.territory],
      channels: ['コンビニ / Convenience stores', 'EC / Online'],
      categories: ['菓子 / Snacks'],
      term_start: short ? months[0]!.start : termStart,
      term_end: short ? months[5]!.end : termEnd,
      royalty_rate_bp: plan.rate,
      minimum_guarantee: 0,
      advance: 0,
      currency: plan.org.currency,
      notes: 'デモ用ライセンス / Demo license',
    });
    const key = String(row.key);
    licenseRows.push({ key, plan });
    count(`licenses`);
    if (plan.state === 'applied') continue;
    await applyTransition(db, owner.viewer, { entity: 'License', key, action: 'start_review' });
    if (plan.state === 'in_review') {
      await decide(db, legal, key, 'legal', 'approved', { comment: '契約条件を確認しました。' });
      continue;
    }
    if (plan.state === 'rejected') {
      await decide(db, cfl, key, 'cfl', 'rejected', { comment: '料率が社内基準を下回ります。 The rate is below our floor.' });
      continue;
    }
    await decide(db, legal, key, 'legal', 'approved');
    await decide(db, cfl, key, 'cfl', 'approved');
    await decide(db, boss, key, 'boss', 'approved');
    if (plan.state === 'approved') continue;
    await applyTransition(db, holder.viewer, { entity: 'License', key, action: 'send_contract' });
    toContractSent.push(key);
  }
  await drainJobs(db);
  for (const { key, plan } of licenseRows) {
    if (!toContractSent.includes(key) || plan.state === 'contract_sent') continue;
    const owner = owners[plan.org.id]!;
    const person = plan.org.owners[0]!;
    await sign(
      owner,
      key,
      'licensee',
      plan.org.id === 'jp' ? `${person.lastName} ${person.firstName}` : `${person.firstName} ${person.lastName}`,
    );
    if (plan.state === 'signed') continue;
    await sign(holder, key, 'holder', '保有 花子');
    count('signed contracts');
  }
  await drainJobs(db);
  const activeLicenses = licenseRows.filter((l) => ['active', 'expired', 'terminated'].includes(l.plan.state));

  // 5. Approved products with images and SKUs.
  log('demo: products');
  const productKinds = ['ポテトチップス', 'スナック', 'ノート', 'Tシャツ'];
  const productsByLicense = new Map<string, string[]>();
  for (const [i, { key, plan }] of activeLicenses.entries()) {
    const owner = owners[plan.org.id]!;
    const ipRow = [...primaries, ...secondaries.map((s) => ({ ...s.parent, key: s.key }))].find((p) => p.key === plan.ip)!;
    const list: string[] = [];
    const n = plan.state === 'active' ? 2 : 1;
    for (let j = 0; j < n; j++) {
      const kind = productKinds[(i + j) % productKinds.length]!;
      const sku = `${plan.org.id.toUpperCase()}-${String(i + 1).padStart(2, '0')}${String(j + 1).padStart(2, '0')}`;
      const file = await saveFile(db, {
        bytes: await renderWebp(productSvg(ipRow.art, sku, kind)),
        name: `${sku}.webp`,
        owner: owner.sub,
      });
      const product = await createRecord(db, entities.Product, owner.viewer, {
        license: key,
        name: `${ipRow.name.split(' / ')[0]} ${kind}`,
        sku,
        category: kind,
        images: [{ hash: file.hash, name: file.name, mime: file.mime }],
        price: plan.org.currency === 'JPY' ? 180 : plan.org.currency === 'TWD' ? 4500 : 399,
        currency: plan.org.currency,
        planned_launch: termStart,
      });
      const pk = String(product.key);
      await applyTransition(db, owner.viewer, { entity: 'Product', key: pk, action: 'submit' });
      const designerActor = creators.find((c) => c.record === plan.designer)?.actor;
      if (designerActor && (await pendingReview(db, pk, 'designer'))) {
        await decide(db, designerActor, pk, 'designer', 'approved', { comment: 'デザイン監修OKです。' });
      }
      await decide(db, brand, pk, 'brand', 'approved', { comment: '発売を承認します。' });
      list.push(pk);
      count('products');
    }
    productsByLicense.set(key, list);
  }
  // One product waits for the brand approver.
  {
    const { key, plan } = activeLicenses[0]!;
    const owner = owners[plan.org.id]!;
    const product = await createRecord(db, entities.Product, owner.viewer, {
      license: key,
      name: 'ポテまる 季節限定パック',
      sku: 'JP-SEASON-01',
      category: 'スナック',
      price: 220,
      currency: 'JPY',
    });
    await applyTransition(db, owner.viewer, { entity: 'Product', key: String(product.key), action: 'submit' });
    count('products');
  }

  // 6. 24 months of royalty reports with seasonality: one late, one corrected, one rejected, one waiting, one due.
  log('demo: 24 months of royalty reports');
  const reportLicenses = activeLicenses.filter((l) => l.plan.state === 'active');
  const lastMonth = months[months.length - 1]!;
  for (const [mi, m] of months.entries()) {
    for (const org of DEMO_ORGS) {
      const rowsFor = (factor: number) =>
        reportLicenses
          .filter((l) => l.plan.org.id === org.id)
          .flatMap((l, li) =>
            (productsByLicense.get(l.key) ?? []).map((product, pi) => {
              const growth = 1 + mi * 0.02;
              const net = Math.round(
                org.base * SEASON[m.month - 1]! * growth * factor * (1 - li * 0.35) * (pi === 0 ? 0.6 : 0.4),
              );
              const price = org.currency === 'JPY' ? 180 : org.currency === 'TWD' ? 45 : 3.99;
              return {
                license: l.key,
                product,
                territory: org.territory,
                units: Math.max(1, Math.round(net / price)),
                gross_sales: String(Math.round(net * 1.08)),
                net_sales: String(net),
              };
            }),
          );
      const owner = owners[org.id]!;
      const late = org.id === 'jp' && mi === 10;
      const submit = (factor: number, reportNow?: Date) =>
        createReport(db, owner.viewer, {
          licensee: orgKeys[org.id]!,
          period_start: m.start,
          period_end: m.end,
          rows: rowsFor(factor),
          source: 'form',
          // The late one arrived two months after its period (the service stamps lateness from this).
          now:
            reportNow ?? (late ? new Date(Date.parse(m.end) + 62 * 86_400_000) : new Date(Date.parse(m.end) + 10 * 86_400_000)),
        });
      // The Japanese licensee has yet to report the last month: its home says so.
      if (m === lastMonth && org.id === 'jp') continue;
      const { report } = await submit(1);
      count('royalty reports');
      if (m === lastMonth && org.id === 'tw') continue; // waits for cfl
      if (m === lastMonth && org.id === 'us') {
        await decide(db, cfl, report.key, 'cfl', 'rejected', { comment: '数量と売上が一致しません。再提出してください。' });
        continue;
      }
      if (mi === months.length - 3 && org.id === 'tw') {
        // Rejected first, then the corrected report for the same month is approved.
        await decide(db, cfl, report.key, 'cfl', 'rejected', { comment: '為替換算前の金額で報告してください。' });
        const corrected = await submit(0.97);
        await decide(db, cfl, corrected.report.key, 'cfl', 'approved', { comment: '修正版を承認します。' });
        count('royalty reports');
        continue;
      }
      await decide(db, cfl, report.key, 'cfl', 'approved');
      if (mi === months.length - 4 && org.id === 'jp') {
        // An approved month corrected by the licensee (returns found after the report): the
        // correction supersedes the first report once approved, and both stay in the history.
        const correction = await submit(1.03, new Date(Date.parse(m.end) + 25 * 86_400_000));
        await decide(db, cfl, correction.report.key, 'cfl', 'approved', { comment: '返品反映後の修正報告を承認します。' });
        count('corrections');
      }
    }
  }

  // 6b. Monthly exchange rates recorded by finance, so TWD and USD totals show in yen with their rate.
  log('demo: exchange rates');
  for (const [mi, m] of months.entries()) {
    for (const org of DEMO_ORGS.filter((o) => o.currency !== 'JPY')) {
      const swing = Math.sin(mi / 3);
      const rate = org.currency === 'USD' ? 148 + 4 * swing : 4.62 + 0.12 * swing;
      await recordRate(db, cfl.caller, { currency: org.currency, month: m.start.slice(0, 7), rate: rate.toFixed(2) }, now);
      count('exchange rates');
    }
  }

  // 7. Invoices by half-year: paid, overdue, and open.
  log('demo: invoices');
  const halves = [0, 6, 12, 18].map((i) => ({ start: months[i]!.start, end: months[i + 5]!.end, index: i / 6 }));
  for (const org of DEMO_ORGS) {
    const owner = owners[org.id]!;
    for (const half of halves) {
      const { invoice } = await draftInvoice(db, owner.caller, {
        licensee: orgKeys[org.id],
        period_start: half.start,
        period_end: half.end,
      });
      count('invoices');
      if (half.index === 3 && org.id === 'us') continue; // a draft the licensee has not sent
      await applyTransition(db, owner.viewer, { entity: 'Invoice', key: invoice.key, action: 'submit' });
      if (half.index === 3 && org.id === 'jp') continue; // waits for cfl
      await decide(db, cfl, invoice.key, 'cfl', 'approved');
      await decide(db, boss, invoice.key, 'boss', 'approved');
      // Money received, recorded by finance as the bank statement shows it: the first Japanese
      // invoice in two instalments, the overdue Taiwanese one only in part, the rest at once.
      const decimals = currencyDecimals(invoice.currency);
      const major = (minor: number) => fromMinorUnits(minor, decimals);
      const paidOn = (days: number) => {
        const at = new Date(Date.parse(half.end) + days * 86_400_000);
        return day(at < now ? at : now);
      };
      const pay = (amount: number, days: number, reference: string) =>
        recordPayment(
          db,
          cfl.caller,
          invoice.key,
          { amount: major(amount), paid_on: paidOn(days), method: 'bank_transfer', payer_reference: reference },
          now,
        ).then(() => count('payments'));
      const payer = `${org.id.toUpperCase()}-${half.start.slice(0, 7)}`;
      if (half.index === 0 && org.id === 'jp') {
        const first = Math.round(invoice.amount * 0.6);
        await pay(first, 35, `${payer}-1`);
        await pay(invoice.amount - first, 65, `${payer}-2`);
      } else if (half.index <= 1 || (half.index === 2 && org.id !== 'tw')) {
        await pay(invoice.amount, 40, payer);
      } else if (half.index === 2 && org.id === 'tw') {
        await pay(Math.round(invoice.amount * 0.3), 50, payer);
      }
    }
  }

  // 8. Expire and terminate the licenses whose story ends so (credentials revoked by the flow).
  for (const { key, plan } of licenseRows) {
    if (plan.state === 'expired') await applyTransition(db, admin.viewer, { entity: 'License', key, action: 'expire' });
    if (plan.state === 'terminated')
      await applyTransition(db, legal.viewer, {
        entity: 'License',
        key,
        action: 'terminate',
        comment: '販売実績がないため契約を終了します。 Terminated: no sales.',
      });
  }
  await drainJobs(db);

  // 9. ERC-721 wrappers of two approved secondary IPs, minted to their designer's wallet (a chain job).
  log('demo: minting wrappers for two IPs on the embedded chain');
  const wallet = '0x' + createHash('sha256').update('demo-designer-wallet').digest('hex').slice(0, 40);
  await updateOwnProfile(db, designer.caller, { wallet });
  for (const ip of approvedSecondaries.filter((s) => s.designer === String(personal.key)).slice(0, 2)) {
    try {
      await mintWrapper(db, designer.caller, { ip_id: ip.key, sub: designer.sub });
      count('minted wrappers');
    } catch (err) {
      // No chain here (an external RPC down, say): the rest of the demo stands; the job retries.
      log(`demo: mint not finished (${(err as Error).message}); the chain job retries`);
    }
  }

  // 10. A welcome note from the administrator to every demo account (the notify service), so each
  // one opens the app to something unread besides what its flows told it.
  for (const account of demoAccounts) {
    const jpReader = account.lang === 'jp';
    await notifyNew(db, admin.caller, {
      target: account.email,
      subject: jpReader ? 'デモ環境へようこそ' : 'Welcome to the demo',
      content: jpReader
        ? 'キャラクター6体、二次創作20件、3か国のライセンシーと2年分のロイヤリティ報告が入っています。ホームにあなたの対応待ちの案件が表示されます。'
        : 'Six characters, twenty secondary works, licensees in three countries and two years of royalty reports are in place. Your home lists what waits for you.',
    });
    count('welcome notes');
  }

  const ms = Date.now() - started;
  return { skipped: false, ms, counts };
}

/** What the demo's licenses, reports and products look like now (the test and the summary line). */
export async function demoCounts(db: Db): Promise<Record<string, Record<string, number>>> {
  const tally = (rows: { state: string }[]) =>
    rows.reduce<Record<string, number>>((acc, r) => ((acc[r.state] = (acc[r.state] ?? 0) + 1), acc), {});
  return {
    licenses: tally(await db.select({ state: licenses.state }).from(licenses)),
    ips: tally(await db.select({ state: ips.state }).from(ips)),
    products: tally(await db.select({ state: products.state }).from(products)),
    reports: tally(await db.select({ state: salesReports.state }).from(salesReports)),
  };
}
