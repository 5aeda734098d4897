import { beforeAll, describe, expect, it } from 'vitest';
import { baseKey, extractKeys, hasKey, resourceKeys, type Extraction } from '@/scripts/i18n/extract-keys';

/**
 * Translation completeness: the keys the code uses, extracted from the sources by
 * scripts/i18n/extract-keys.ts, against locales/jp and locales/en.
 */

const ROOT = process.cwd();
const jp = resourceKeys(ROOT, 'jp');
const en = resourceKeys(ROOT, 'en');
let found: Extraction;

beforeAll(() => {
  found = extractKeys(ROOT);
}, 240_000);

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;

/** Latin text a Japanese page may show: placeholders, codes, acronyms, names of products and formats. */
function strippedForJp(value: string): string {
  return value
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/\b(?:[A-Z0-9]{1,6}s?|[A-Z][a-z]+(?:[A-Z][a-z]+)+)\b/g, ' ')
    .replace(
      /\b(?:Swagger(?: UI)?|Redoc|ReDoc|Woollet|Excel|Chromium|Ethereum|Lighthouse|Plausible|JSON Schema|OpenAPI|OpenID Connect|e-mail|e-Sign|Verifiable Credentials?|calbee|ipl|Markdown|YYYY-MM-DD(?: HH:mm:ss)?|[a-z]+_[a-z_]+|\.?[a-z]{2,5}\b(?=[,)、\s]|$))\b/g,
      ' ',
    );
}

const ENGLISH_IN_JP_ALLOWED = new Set<string>([
  // The language switch names each language in its own script.
  'common:languages.en',
  'contract:ui.languages.en',
  // The copyright line is the company's legal notice, the same in both languages.
  'common:footer.copyright',
  // SPEC §2 gives these words: the gate's alert and the terms wall's title.
  'common:gate.invalid',
  'terms:wall.title',
]);
const JAPANESE_IN_EN_ALLOWED = new Set<string>(['common:languages.jp', 'contract:ui.languages.jp']);

/**
 * Keys no code reads, in namespaces other helpers are editing in this round (shell: common,
 * notify; holder-admin and invoice screens; the provider's pages; the chain card). They go when
 * those screens move onto the kits in the second phase of issue #24.
 */
const UNUSED_ELSEWHERE = new Set<string>([
  // Labels of Holder.config keys in the admin log, looked up by the logged field name (`config.<key>`).
  'audit:field.config.invoice.due_days',
  'audit:field.config.sales.due_days',
  'audit:field.config.review.sla_business_days',
  'chain:metadata',
  'common:notificationsUnread',
  'common:noNotifications',
  'common:user.confirmSignOut',
  'common:badge.productUser',
  'common:badge.productAdmin',
  'common:badge.woolletAdmin',
  'common:badge.holder',
  'common:badge.personalDesigner',
  'common:badge.corporateDesigner',
  'common:badge.licensee',
  'holder-admin:invoice.licensee',
  'holder-admin:invoice.period',
  'holder-admin:invoice.amount',
  'holder-admin:invoice.currency',
  'holder-admin:invoice.due',
  'holder-admin:invoice.state',
  'holder-admin:invoice.overdue',
  'idp:loginIntro',
  'invoice:holder.filterState',
  'invoice:holder.allStates',
  'notify:viewer.markRead',
]);

describe('translations (jp and en)', () => {
  it('every key the code uses is in both languages', () => {
    const missing: string[] = [];
    for (const use of found.uses) {
      if (use.hasDefault) continue;
      for (const [lang, keys] of [
        ['jp', jp],
        ['en', en],
      ] as const) {
        if (!use.namespaces.some((ns) => hasKey(keys, ns, use.key)))
          missing.push(`${lang} ${use.namespaces.join('|')}:${use.key} (${use.file}:${use.line})`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('both languages have the same keys', () => {
    // Plural forms follow each language's CLDR categories (Japanese has only _other, English
    // _one and _other), so a plural key is compared by its base.
    const base = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
    const jpBase = base(jp.keys());
    const enBase = base(en.keys());
    expect([...jpBase].filter((k) => !enBase.has(k))).toEqual([]);
    expect([...enBase].filter((k) => !jpBase.has(k))).toEqual([]);
  });

  it('no key is left unused', () => {
    const used = new Set(found.uses.flatMap((u) => u.namespaces.map((ns) => `${ns}:${u.key}`)));
    // Namespaces the server imports as JSON (mail, PDFs, flow messages) are read by property name.
    const imported = new Set(
      [...found.literals].flatMap((l) => [...l.matchAll(/locales\/(?:jp|en)\/([\w-]+)\.json/g)].map((m) => m[1]!)),
    );
    const unused = [...jp.keys()].filter((full) => {
      const key = baseKey(full);
      if (used.has(key) || UNUSED_ELSEWHERE.has(key)) return false;
      const [, inner] = key.split(/:(.*)/s) as [string, string];
      if (found.prefixes.some((p) => key.startsWith(p))) return false;
      // Keys handed around as data (menu entries, status codes) or read from imported JSON.
      if (found.literals.has(inner) || found.literals.has(key)) return false;
      // A catalogue read by a literal under a group heading (audit:action.<'terms.withdraw'>).
      if (found.literals.has(inner.split('.').slice(1).join('.'))) return false;
      const [ns] = key.split(':') as [string];
      const last = inner.split('.').pop()!;
      return !(imported.has(ns) && (found.identifiers.has(last) || found.literals.has(last)));
    });
    expect(unused).toEqual([]);
  });

  it('no Japanese in the English resources', () => {
    const offending = [...en]
      .filter(([k, v]) => JAPANESE.test(v) && !JAPANESE_IN_EN_ALLOWED.has(k))
      .map(([k, v]) => `${k}: ${v}`);
    expect(offending).toEqual([]);
  });

  it('no English UI text in the Japanese resources', () => {
    const offending = [...jp]
      .filter(([k]) => !ENGLISH_IN_JP_ALLOWED.has(k))
      .filter(([, v]) => /[A-Za-z]{2,}[ ,.'-]+[A-Za-z]{2,}|^[A-Za-z ]{3,}$/.test(strippedForJp(v).trim()))
      .map(([k, v]) => `${k}: ${v}`);
    expect(offending).toEqual([]);
  });
});
