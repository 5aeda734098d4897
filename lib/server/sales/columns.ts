/** The fields of a sales row a file's columns are mapped to; currency is optional (it must equal the license's). */
export const ROW_FIELDS = ['license', 'product', 'territory', 'units', 'gross_sales', 'net_sales', 'currency'] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export const REQUIRED_FIELDS: readonly RowField[] = ['license', 'product', 'territory', 'units', 'gross_sales', 'net_sales'];

/** A raw row as read from a file or a form: values still in the file's text (amounts in major units). */
export type RawRow = Partial<Record<RowField, unknown>>;

const ALIASES: Record<RowField, string[]> = {
  license: [
    'license',
    'licence',
    'license_key',
    'license key',
    'contract reference',
    'license reference',
    'contract',
    'ライセンス',
    'ライセンスid',
    'ライセンスキー',
    '契約番号',
    'ライセンス番号',
  ],
  product: [
    'product',
    'product_key',
    'product key',
    'sku',
    'jan',
    'product reference',
    '商品',
    '商品id',
    '商品キー',
    '商品番号',
    'janコード',
  ],
  territory: ['territory', 'country', 'region', '地域', '国', '販売地域'],
  units: ['units', 'qty', 'quantity', '数量', '販売数'],
  gross_sales: ['gross', 'gross_sales', 'gross sales', '総売上', '売上総額'],
  net_sales: ['net', 'net_sales', 'net sales', '純売上', '正味売上'],
  currency: ['currency', 'ccy', '通貨'],
};

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A mapping field → column guessed from header names. */
export function guessMapping(columns: readonly string[]): Partial<Record<RowField, string>> {
  const mapping: Partial<Record<RowField, string>> = {};
  for (const field of ROW_FIELDS) {
    const names = ALIASES[field].map(norm);
    const hit = columns.find((c) => names.includes(norm(c)));
    if (hit) mapping[field] = hit;
  }
  return mapping;
}

/** Keeps only known fields mapped to existing columns. */
export function cleanMapping(mapping: unknown, columns: readonly string[]): Partial<Record<RowField, string>> {
  const out: Partial<Record<RowField, string>> = {};
  if (!mapping || typeof mapping !== 'object') return out;
  for (const field of ROW_FIELDS) {
    const column = (mapping as Record<string, unknown>)[field];
    if (typeof column === 'string' && columns.includes(column)) out[field] = column;
  }
  return out;
}
