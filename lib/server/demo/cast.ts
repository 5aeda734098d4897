import type { CharacterArt } from './artwork';

/**
 * The demo business (issue #19): who and what the seed makes. Plain data, so the seed, its test
 * and the screenshots script agree on names without reading keys.
 */

export interface DemoCharacter {
  name: string;
  description: string;
  guidelines: string;
  categories: string[];
  tags: string[];
  art: CharacterArt;
}

export const DEMO_TAGS = [
  { id: 'snack', name_jp: 'スナック', name_en: 'Snacks', color: '#e8a33d' },
  { id: 'kids', name_jp: 'キッズ', name_en: 'Kids', color: '#4c9be8' },
  { id: 'seasonal', name_jp: '季節限定', name_en: 'Seasonal', color: '#d9534f' },
  { id: 'stationery', name_jp: '文具', name_en: 'Stationery', color: '#5cb85c' },
  { id: 'apparel', name_jp: 'アパレル', name_en: 'Apparel', color: '#8e6bbf' },
] as const;

const GUIDE =
  '【使用ガイドライン】キャラクターの形・色・表情を変えないでください。ロゴとの間隔は本体の高さの1/4以上を空けてください。' +
  '食品パッケージでは必ず商品名と並べて表示してください。\n' +
  '[Usage guidelines] Do not change the shape, colours or expression. Keep a clear space of a quarter of the body height around the logo. ' +
  'On food packaging, always show the character next to the product name.';

export const DEMO_CHARACTERS: DemoCharacter[] = [
  {
    name: 'ポテまる / Potemaru',
    description: 'まあるいじゃがいもの男の子。揚げたてが大好き。 A round potato boy who loves things freshly fried.',
    guidelines: GUIDE,
    categories: ['菓子', 'Snacks'],
    tags: ['snack', 'kids'],
    art: { body: '#f2c14e', accent: '#e07a5f', background: '#fff6e0', shape: 'round', label: 'Potemaru' },
  },
  {
    name: 'スティッくん / Stikkun',
    description: '背の高いスティック菓子。几帳面でいつも背筋がまっすぐ。 A tall snack stick who always stands up straight.',
    guidelines: GUIDE,
    categories: ['菓子', '文具', 'Stationery'],
    tags: ['snack', 'stationery'],
    art: { body: '#e9b872', accent: '#6a994e', background: '#eef7e8', shape: 'tall', label: 'Stikkun' },
  },
  {
    name: 'ぱりりん / Paririn',
    description: '波打つポテトチップスの女の子。おしゃべり好き。 A wavy crisp girl who loves to chat.',
    guidelines: GUIDE,
    categories: ['菓子', 'Snacks'],
    tags: ['snack', 'seasonal'],
    art: { body: '#f6d365', accent: '#f28482', background: '#fdeff2', shape: 'chip', label: 'Paririn' },
  },
  {
    name: 'ほしのり / Hoshinori',
    description: 'のり塩の星。夜空を旅して味を集める。 A seaweed-salt star who travels the night sky collecting flavours.',
    guidelines: GUIDE,
    categories: ['菓子', 'アパレル', 'Apparel'],
    tags: ['seasonal', 'apparel'],
    art: { body: '#90be6d', accent: '#277da1', background: '#e8f1f8', shape: 'star', label: 'Hoshinori' },
  },
  {
    name: 'しおしずく / Shioshizuku',
    description: '海の塩のしずく。穏やかで聞き上手。 A drop of sea salt, calm and a good listener.',
    guidelines: GUIDE,
    categories: ['雑貨', 'Goods'],
    tags: ['kids'],
    art: { body: '#a8dadc', accent: '#457b9d', background: '#f1faee', shape: 'drop', label: 'Shioshizuku' },
  },
  {
    name: 'コンソメ博士 / Dr. Consomme',
    description: '四角いコンソメキューブの博士。新しい味の研究者。 A square bouillon-cube scientist who invents new flavours.',
    guidelines: GUIDE,
    categories: ['菓子', '文具', 'Snacks'],
    tags: ['snack', 'stationery', 'kids'],
    art: { body: '#d4a373', accent: '#bc4749', background: '#faedcd', shape: 'square', label: 'Dr. Consomme' },
  },
];

export type DemoOrgId = 'jp' | 'tw' | 'us';

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  lang: 'jp' | 'en';
}

export interface DemoOrg {
  id: DemoOrgId;
  name: string;
  country: string;
  currency: 'JPY' | 'TWD' | 'USD';
  territory: string;
  email: string;
  tel: string;
  address: { city: string; country: string; line: string; postal_code?: string };
  /** Existing demo accounts that join as owner / staff, by e-mail (the e2e personas). */
  owners: DemoPerson[];
  staff: DemoPerson[];
  /** Monthly net sales (major units) at a season factor of 1. */
  base: number;
}

export const DEMO_ORGS: DemoOrg[] = [
  {
    id: 'jp',
    name: '株式会社ひだまり製菓',
    country: 'JP',
    currency: 'JPY',
    territory: 'JP',
    email: 'info@hidamari.example.jp',
    tel: '03-1234-5678',
    address: { city: '東京都千代田区', country: '日本', line: '丸の内2-4-1', postal_code: '100-0005' },
    owners: [
      { email: 'licensee@example.com', firstName: '誠', lastName: '製造', lang: 'jp' },
      { email: 'yamada@hidamari.example.jp', firstName: '太一', lastName: '山田', lang: 'jp' },
    ],
    staff: [
      { email: 'licensee-staff@example.com', firstName: '美咲', lastName: '担当', lang: 'jp' },
      { email: 'sato@hidamari.example.jp', firstName: '花', lastName: '佐藤', lang: 'jp' },
    ],
    base: 4_800_000,
  },
  {
    id: 'tw',
    name: '台灣樂趣食品股份有限公司',
    country: 'TW',
    currency: 'TWD',
    territory: 'TW',
    email: 'hello@lequ.example.tw',
    tel: '+886-2-2345-6789',
    address: { city: 'Taipei', country: 'Taiwan', line: 'No. 7, Sec. 5, Xinyi Rd., 110' },
    owners: [{ email: 'chen@lequ.example.tw', firstName: 'Mei-Ling', lastName: 'Chen', lang: 'en' }],
    staff: [{ email: 'lin@lequ.example.tw', firstName: 'Wei', lastName: 'Lin', lang: 'en' }],
    base: 650_000,
  },
  {
    id: 'us',
    name: 'Sunny Crunch Foods, Inc.',
    country: 'US',
    currency: 'USD',
    territory: 'US',
    email: 'licensing@sunnycrunch.example.com',
    tel: '+1-415-555-0142',
    address: { city: 'San Francisco, CA', country: 'USA', line: '500 Howard St., 94105' },
    owners: [{ email: 'olivia@sunnycrunch.example.com', firstName: 'Olivia', lastName: 'Parker', lang: 'en' }],
    staff: [{ email: 'james@sunnycrunch.example.com', firstName: 'James', lastName: 'Miller', lang: 'en' }],
    base: 42_000,
  },
];

/** Season factor by calendar month (1–12): New Year and summer holidays sell most. */
export const SEASON = [1.35, 0.9, 0.95, 1.0, 1.05, 1.0, 1.3, 1.45, 0.95, 0.9, 1.05, 1.6];
