import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatDay, formatMoney } from '../../../components/kit/format/money';
import en from '../../../locales/en/contract.json';
import jp from '../../../locales/jp/contract.json';
import licenseeEn from '../../../locales/en/licensee.json';
import licenseeJp from '../../../locales/jp/licensee.json';
import { PDF_FONT_FAMILY, registerPdfFonts } from '../pdf/fonts';
import type { ContractLang, ContractTerms } from './contract-data';
import { numberFormat } from '../../format/intl-cache';

type Strings = typeof en.pdf;

const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT_FAMILY,
    fontSize: 9.5,
    paddingTop: 40,
    paddingBottom: 54,
    paddingHorizontal: 44,
    color: '#212529',
  },
  title: { fontSize: 18, fontWeight: 'bold', textAlign: 'center', marginBottom: 6 },
  meta: { fontSize: 8, color: '#6c757d', textAlign: 'center', marginBottom: 14 },
  intro: { marginBottom: 10 },
  reference: { border: '0.5pt solid #dc3545', color: '#842029', padding: 6, marginBottom: 10, fontSize: 8 },
  h2: { fontSize: 11, fontWeight: 'bold', marginTop: 10, marginBottom: 4 },
  body: { marginBottom: 4 },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #dee2e6', paddingVertical: 3 },
  label: { width: '38%', color: '#495057' },
  value: { width: '62%' },
  ipBox: { flexDirection: 'row', gap: 12, alignItems: 'flex-start', marginTop: 4 },
  ipImage: { width: 120, maxHeight: 120, objectFit: 'contain', border: '0.5pt solid #dee2e6' },
  noImage: { width: 120, height: 60, border: '0.5pt dashed #adb5bd', color: '#6c757d', fontSize: 8, padding: 6 },
  sigRow: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 12 },
  sigBox: { width: '47%', border: '0.5pt solid #adb5bd', padding: 8, minHeight: 70 },
  small: { fontSize: 7.5, color: '#6c757d' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 44,
    right: 44,
    fontSize: 7,
    color: '#6c757d',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
  sigImage: { height: 60, maxWidth: 220, objectFit: 'contain', marginVertical: 4 },
  tableHead: { flexDirection: 'row', backgroundColor: '#e9ecef', fontWeight: 'bold', paddingVertical: 3 },
  c1: { width: '22%', paddingHorizontal: 3 },
  c2: { width: '22%', paddingHorizontal: 3 },
  c3: { width: '22%', paddingHorizontal: 3 },
  c4: { width: '14%', paddingHorizontal: 3 },
  c5: { width: '20%', paddingHorizontal: 3, fontSize: 6.5 },
  mono: { fontSize: 7 },
});

function strings(lang: ContractLang): Strings {
  return (lang === 'en' ? en : jp).pdf;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** Basis points as a percentage: 1250 → 12.5%. */
export function rateOf(bp: number, lang: ContractLang): string {
  return `${numberFormat(lang === 'jp' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}

/** YYYY-MM-DD HH:mm:ss UTC. */
export function utcTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A hash in lines of `size` characters: a 64-digit hex string has no place a line may break. */
export function chunked(hash: string, size: number): string {
  return (hash.match(new RegExp(`.{1,${size}}`, 'g')) ?? [hash]).join('\n');
}

function territoryName(code: string, lang: ContractLang): string {
  const names: Record<string, string> = (lang === 'en' ? licenseeEn : licenseeJp).territory;
  return names[code] ?? code;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

function Footer({
  t,
  contractNumber,
  revision,
  numbered = true,
}: {
  t: Strings;
  contractNumber: string;
  revision: number;
  numbered?: boolean;
}) {
  return (
    <View style={styles.footer} fixed>
      <Text>{fill(t.footer, { number: contractNumber, revision })}</Text>
      {numbered && <Text render={({ pageNumber, totalPages }) => fill(t.page, { page: pageNumber, total: totalPages })} />}
    </View>
  );
}

export interface ContractPdfInput {
  contractNumber: string;
  revision: number;
  generatedAt: Date;
  terms: ContractTerms;
  lang: ContractLang;
  /** The IP's picture as PNG or JPEG bytes (a thumbnail), if it has one. */
  ipImage: { data: Buffer; format: 'png' | 'jpg' } | null;
  /** A courtesy copy in another language: the language and fingerprint of the binding document. */
  reference?: { lang: ContractLang; sha256: string };
}

function ContractDocument({ contractNumber, revision, generatedAt, terms, lang, ipImage, reference }: ContractPdfInput) {
  const t = strings(lang);
  const none = t.none;
  const money = (n: number) => formatMoney(n, terms.currency, lang);
  const listed = (items: string[]) => (items.length ? items.join(lang === 'jp' ? '、' : ', ') : none);
  const version = (v: string | null) => (v ? fill(t.version, { version: v }) : none);
  const title = terms.demo ? t.sampleTitle : t.title;
  return (
    <Document title={`${title} ${contractNumber}`} author={terms.holder.name || undefined} language={lang === 'en' ? 'en' : 'ja'}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{title}</Text>
        <Text style={styles.meta}>
          {`${t.number} ${contractNumber}　${t.revision} ${revision}　${t.generated} ${utcTime(generatedAt)}`}
        </Text>
        {reference && (
          <Text style={styles.reference}>
            {fill(t.reference, { language: t.languages[reference.lang], sha256: reference.sha256 })}
          </Text>
        )}
        <Text style={styles.intro}>
          {fill(t.intro, { licensor: terms.holder.name || none, licensee: terms.licensee.name || none })}
        </Text>
        <Text style={styles.h2} minPresenceAhead={48}>
          {t.parties}
        </Text>
        <Line label={t.licensor} value={terms.holder.name || none} />
        <Line label={t.licensee} value={terms.licensee.name || none} />
        <Line label={`${t.licensee} ${t.address}`} value={terms.licensee.address || none} />

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art1}
        </Text>
        <Text style={styles.body}>{t.art1Body}</Text>
        <View style={styles.ipBox} wrap={false}>
          {ipImage ? (
            // eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt text
            <Image style={styles.ipImage} src={ipImage} />
          ) : (
            <Text style={styles.noImage}>{t.noImage}</Text>
          )}
          <View style={{ flexGrow: 1 }}>
            <Line label={t.ipName} value={terms.ip.name || none} />
            <Line label={t.ipKey} value={terms.ip.reference || none} />
          </View>
        </View>

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art2}
        </Text>
        <Line label={t.territory} value={listed(terms.territory.map((c) => territoryName(c, lang)))} />
        <Line label={t.channels} value={listed(terms.channels)} />
        <Line label={t.categories} value={listed(terms.categories)} />

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art3}
        </Text>
        <Line label={t.term} value={`${formatDay(terms.term_start)} – ${formatDay(terms.term_end)}`} />

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art4}
        </Text>
        <Line label={t.royaltyRate} value={rateOf(terms.royalty_rate_bp, lang)} />
        <Line label={t.minimumGuarantee} value={money(terms.minimum_guarantee)} />
        <Line label={t.advance} value={money(terms.advance)} />
        <Line label={t.currency} value={terms.currency} />
        <Text style={[styles.body, { marginTop: 4 }]}>{t.art4Body}</Text>

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art5}
        </Text>
        <Text style={styles.body}>{t.art5Body}</Text>
        <Line label={t.termsCommon} value={version(terms.termsVersions.common)} />
        <Line label={t.termsLicensee} value={version(terms.termsVersions.licensee)} />

        <Text style={styles.h2} minPresenceAhead={48}>
          {t.art6}
        </Text>
        <Text style={styles.body}>{t.art6Body}</Text>

        <View style={styles.sigRow} wrap={false}>
          <View style={styles.sigBox}>
            <Text style={{ fontWeight: 'bold' }}>{t.licensor}</Text>
            <Text>{terms.holder.name || none}</Text>
            <Text style={styles.small}>{t.signHere}</Text>
          </View>
          <View style={styles.sigBox}>
            <Text style={{ fontWeight: 'bold' }}>{t.licensee}</Text>
            <Text>{terms.licensee.name || none}</Text>
            <Text style={styles.small}>{t.signHere}</Text>
          </View>
        </View>
        <Footer t={t} contractNumber={contractNumber} revision={revision} />
      </Page>
    </Document>
  );
}

/** The unsigned contract: parties, IP with its picture, scope, term, consideration, terms versions. */
export async function renderContractPdf(input: ContractPdfInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<ContractDocument {...input} />);
}

export interface SignatureEntry {
  party: 'licensee' | 'holder';
  typedName: string;
  account: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  sha256: string;
  image: Buffer | null;
}

export interface AuditEvent {
  time: Date;
  event: keyof Strings['events'];
  actor: string;
  ip: string | null;
  sha256: string | null;
}

export interface SignaturePagesInput {
  contractNumber: string;
  revision: number;
  sha256: string;
  lang: ContractLang;
  signatures: SignatureEntry[];
  events: AuditEvent[];
}

function SignaturePages({ contractNumber, revision, sha256, lang, signatures, events }: SignaturePagesInput) {
  const t = strings(lang);
  return (
    <Document title={`${t.signaturePage} ${contractNumber}`} language={lang === 'en' ? 'en' : 'ja'}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{t.signaturePage}</Text>
        <Text style={[styles.body, styles.mono]}>{fill(t.signaturePageIntro, { sha256 })}</Text>
        {signatures.map((s) => (
          <View key={s.party} style={{ marginTop: 12, border: '0.5pt solid #adb5bd', padding: 8 }} wrap={false}>
            <Text style={{ fontWeight: 'bold', fontSize: 11 }}>{s.party === 'holder' ? t.licensor : t.licensee}</Text>
            {s.image && (
              // eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt text
              <Image style={styles.sigImage} src={{ data: s.image, format: 'png' }} />
            )}
            <Line label={t.typedName} value={s.typedName} />
            <Line label={t.account} value={s.account} />
            <Line label={t.signedAt} value={utcTime(s.signedAt)} />
            <Line label={t.ip} value={s.ip ?? t.none} />
            <Line label={t.userAgent} value={s.userAgent ?? t.none} />
            <Line label={t.signedSha} value={chunked(s.sha256, 32)} />
          </View>
        ))}
        <Footer t={t} contractNumber={contractNumber} revision={revision} numbered={false} />
      </Page>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{t.auditTrail}</Text>
        <Text style={styles.body}>{t.auditIntro}</Text>
        <View style={styles.tableHead}>
          <Text style={styles.c1}>{t.time}</Text>
          <Text style={styles.c2}>{t.event}</Text>
          <Text style={styles.c3}>{t.actor}</Text>
          <Text style={styles.c4}>{t.ip}</Text>
          <Text style={styles.c5}>SHA-256</Text>
        </View>
        {events.map((e, i) => (
          <View key={i} style={styles.row} wrap={false}>
            <Text style={styles.c1}>{utcTime(e.time)}</Text>
            <Text style={styles.c2}>{t.events[e.event]}</Text>
            <Text style={styles.c3}>{e.actor || t.system}</Text>
            <Text style={styles.c4}>{e.ip ?? t.none}</Text>
            <Text style={styles.c5}>{e.sha256 ? chunked(e.sha256, 16) : t.none}</Text>
          </View>
        ))}
        <Footer t={t} contractNumber={contractNumber} revision={revision} numbered={false} />
      </Page>
    </Document>
  );
}

/** The signature page and the audit trail, appended to the signed contract's own pages. */
export async function renderSignaturePages(input: SignaturePagesInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<SignaturePages {...input} />);
}
