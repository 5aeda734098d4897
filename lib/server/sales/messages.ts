import type { Bilingual } from '../common/field-error';

/** Per-field messages of a refused report row, in both interface languages. */
export const M = {
  required: { jp: '必須項目です。', en: 'Required.' },
  licenseMissing: { jp: 'このライセンスは見つかりません。', en: 'This license was not found.' },
  licenseOtherOrg: {
    jp: 'このライセンスは選択した組織のものではありません。',
    en: 'This license does not belong to the chosen organisation.',
  },
  licenseInactive: {
    jp: 'このライセンスは有効ではありません（有効または期間満了のライセンスのみ報告できます）。',
    en: 'This license is not in force (only active or expired licenses can be reported on).',
  },
  outsideTerm: {
    jp: '報告期間がライセンス期間外です。',
    en: 'The report period lies outside the license term.',
  },
  productMissing: { jp: 'この商品は見つかりません。', en: 'This product was not found.' },
  productOtherLicense: { jp: 'この商品はこのライセンスの商品ではありません。', en: 'This product is not on this license.' },
  productNotApproved: { jp: 'この商品はまだ承認されていません。', en: 'This product has not been approved.' },
  territory: {
    jp: 'この地域はライセンスの許諾地域に含まれていません。',
    en: "This territory is not among the license's territories.",
  },
  currency: { jp: '通貨がライセンスの通貨と異なります。', en: "The currency differs from the license's currency." },
  nonNegativeInteger: { jp: '0以上の整数を入力してください。', en: 'Enter a whole number of 0 or more.' },
  amount: { jp: '0以上の金額を入力してください。', en: 'Enter an amount of 0 or more.' },
  decimals: (digits: number): Bilingual => ({
    jp: digits === 0 ? 'この通貨では小数は使えません。' : `小数点以下は${digits}桁までです。`,
    en: digits === 0 ? 'This currency has no decimals.' : `At most ${digits} decimal places.`,
  }),
  tooLarge: { jp: '値が大きすぎます。', en: 'The value is too large.' },
  netAboveGross: { jp: '純売上が総売上を超えています。', en: 'Net sales exceed gross sales.' },
  period: { jp: '期間の開始日と終了日を正しく入力してください。', en: 'Enter a valid start and end date for the period.' },
  organisation: { jp: 'この組織の売上は報告できません。', en: 'You cannot report sales for this organisation.' },
  noRows: { jp: '報告する行がありません。', en: 'There are no rows to report.' },
  tooManyRows: (max: number): Bilingual => ({ jp: `行数は${max}行までです。`, en: `At most ${max} rows.` }),
  column: { jp: 'この列が割り当てられていません。', en: 'No column is mapped to this field.' },
  file: { jp: 'ファイルを読み取れませんでした。', en: 'The file could not be read.' },
  fileType: { jp: 'CSVまたはXLSXファイルを選んでください。', en: 'Choose a CSV or XLSX file.' },
  limitUnpacked: (mb: number): Bilingual => ({
    jp: `XLSXファイルの展開後のサイズが上限（${mb} MB）を超えています。シートを分けるか、CSVで送ってください。`,
    en: `The XLSX file would unpack to more than the limit (${mb} MB). Split the sheet or send a CSV.`,
  }),
  limitRows: (max: number): Bilingual => ({
    jp: `ファイルの行数が上限（${max.toLocaleString('ja-JP')}行）を超えています。期間を分けて報告してください。`,
    en: `The file has more rows than the limit (${max.toLocaleString('en-US')}). Split the report by period.`,
  }),
  limitColumns: (max: number): Bilingual => ({
    jp: `ファイルの列数が上限（${max}列）を超えています。不要な列を削除してください。`,
    en: `The file has more columns than the limit (${max}). Remove the columns that are not needed.`,
  }),
  limitRecord: (kb: number): Bilingual => ({
    jp: `1行の大きさが上限（${kb} KB）を超えています。ファイルの形式を確認してください。`,
    en: `One row is larger than the limit (${kb} KB). Check the file's format.`,
  }),
  limitEntries: (max: number): Bilingual => ({
    jp: `XLSXファイルの内部ファイル数が上限（${max}）を超えています。`,
    en: `The XLSX file holds more parts than the limit (${max}).`,
  }),
  refused: (rows: number): Bilingual => ({
    jp: `${rows}行に誤りがあるため、報告全体を受け付けませんでした。`,
    en: `${rows} row(s) have errors, so the whole report was refused.`,
  }),
} as const;
