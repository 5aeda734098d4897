import type { ContractLang, ContractTerms } from './contract-data';
import type { TermsVersions } from './terms';

/** The prefix of the license keys demo contracts are filed under: no real license has such a key. */
export const DEMO_LICENSE = '_demo';

/**
 * Fixed sample terms (no real license, organisation or IP): the demo contracts people open, and
 * the rehearsal the PDF render thread makes at its start. Data only, so the render thread can
 * import it without the database.
 */
export function sampleContractTerms(lang: ContractLang, termsVersions: TermsVersions): ContractTerms {
  const jp = lang === 'jp';
  return {
    license: DEMO_LICENSE,
    reference: 'SAMPLE',
    demo: true,
    holder: { key: null, name: jp ? 'サンプル・ホールディングス株式会社' : 'Sample Holdings Co., Ltd.' },
    licensee: {
      key: 'sample',
      name: jp ? '株式会社サンプル商事' : 'Sample Trading Inc.',
      address: jp ? '東京都千代田区丸の内1-1-1, 日本' : '1-1-1 Marunouchi, Chiyoda-ku, Tokyo, Japan',
    },
    ip: { key: 'sample-ip', name: jp ? 'サンプルキャラクター' : 'Sample Character', image: null, reference: 'SAMPLE' },
    territory: ['JP', 'TW'],
    channels: jp ? ['コンビニエンスストア', 'オンライン'] : ['Convenience stores', 'Online'],
    categories: jp ? ['菓子', '文具'] : ['Snacks', 'Stationery'],
    term_start: '2027-04-01T00:00:00.000Z',
    term_end: '2028-03-31T00:00:00.000Z',
    royalty_rate_bp: 1250,
    minimum_guarantee: 1_000_000,
    advance: 300_000,
    currency: 'JPY',
    termsVersions,
  };
}
