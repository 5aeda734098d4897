import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatMoney } from '../../../components/kit/format/money';
import { formatDay, formatPeriod, japanDay } from '../naming/format';
import en from '../../../locales/en/invoice.json';
import jp from '../../../locales/jp/invoice.json';
import flowEn from '../../../locales/en/flow.json';
import flowJp from '../../../locales/jp/flow.json';
import { PDF_FONT_FAMILY, registerPdfFonts } from '../pdf/fonts';
import type { InvoiceBreakdown, InvoiceRecord } from './invoice-breakdown';
import type { InvoiceParties } from './issuer';

type Lang = 'jp' | 'en';
const FAMILY = PDF_FONT_FAMILY;

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, fontSize: 9, padding: 36, color: '#212529' },
  title: { fontSize: 20, fontWeight: 'bold', marginBottom: 12 },
  row: { flexDirection: 'row' },
  parties: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 12 },
  party: { width: '48%' },
  label: { color: '#6c757d', fontSize: 8 },
  value: { fontSize: 10, marginBottom: 4 },
  table: { marginTop: 8, borderTop: '1pt solid #adb5bd' },
  head: { flexDirection: 'row', backgroundColor: '#e9ecef', fontWeight: 'bold', paddingVertical: 3, fontSize: 8 },
  line: { flexDirection: 'row', flexWrap: 'wrap', borderBottom: '0.5pt solid #dee2e6', paddingVertical: 3, fontSize: 8 },
  ip: { width: '23%', paddingHorizontal: 3 },
  num: { width: '12.8%', textAlign: 'right', paddingHorizontal: 3 },
  totals: { marginTop: 10, marginLeft: '50%' },
  totalLine: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  grand: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 4,
    borderTop: '1pt solid #212529',
    fontWeight: 'bold',
    fontSize: 12,
  },
  footer: { position: 'absolute', bottom: 24, left: 36, right: 36, fontSize: 7, color: '#6c757d' },
  subtitle: { fontSize: 9, color: '#6c757d', marginBottom: 10 },
  bank: { marginTop: 14, padding: 6, border: '0.5pt solid #adb5bd' },
  warning: { color: '#b02a37', fontSize: 8, marginBottom: 6 },
  netted: { width: '100%', paddingHorizontal: 3, paddingTop: 2, fontSize: 7, color: '#6c757d' },
});

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

export interface InvoicePdfInput {
  invoice: InvoiceRecord;
  breakdown: InvoiceBreakdown;
  parties: InvoiceParties;
  lang: Lang;
}

function InvoiceDocument({ invoice, breakdown, parties, lang }: InvoicePdfInput) {
  const t = (lang === 'en' ? en : jp).pdf;
  const states: Record<string, string> = (lang === 'en' ? flowEn : flowJp).state;
  const money = (n: number) => formatMoney(n, breakdown.currency, lang);
  const rate = (bp: number) => `${bp / 100}%`;
  // Periods and due dates are calendar days; the issue date is the day the invoice was made in Japan.
  const day = (value: unknown) => formatDay(value, lang) || '—';
  const vatLines = breakdown.tax_lines.filter((l) => l.kind === 'vat');
  const withheld = breakdown.tax_lines.filter((l) => l.kind === 'withholding');
  // Cross-border royalties: the amount before withholding, what is withheld, and the net payable.
  const gross = breakdown.subtotal + vatLines.reduce((sum, l) => sum + l.amount, 0);
  return (
    <Document
      title={`${t.title} ${invoice.reference}`}
      author={breakdown.holder_name || undefined}
      language={lang === 'en' ? 'en' : 'ja'}
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{t.title}</Text>
        {parties.registration_number && <Text style={styles.subtitle}>{t.qualifiedTitle}</Text>}
        {!parties.registration_number && <Text style={styles.warning}>{t.noRegistration}</Text>}
        <View style={styles.parties}>
          <View style={styles.party}>
            <Field label={t.licensee} value={`${breakdown.licensee_name}${t.recipientSuffix ? ` ${t.recipientSuffix}` : ''}`} />
            {parties.recipient_address && <Field label={t.recipientAddress} value={parties.recipient_address} />}
            <Field label={t.licensor} value={parties.issuer_name || breakdown.holder_name || '—'} />
            {parties.issuer_address && <Field label={t.issuerAddress} value={parties.issuer_address} />}
            {parties.registration_number && <Field label={t.registration} value={parties.registration_number} />}
          </View>
          <View style={styles.party}>
            <Field label={t.number} value={invoice.reference} />
            <Field label={t.issued} value={day(japanDay(new Date(invoice.dateCreated)))} />
            <Field label={t.period} value={`${day(breakdown.period_start)} – ${day(breakdown.period_end)}`} />
            <Field
              label={t.content}
              value={t.contentValue.replace('{{period}}', formatPeriod(breakdown.period_start, breakdown.period_end, lang))}
            />
            <Field label={t.dueDate} value={day(invoice.due_date ?? breakdown.due_date)} />
            <Field label={t.state} value={states[invoice.state] ?? invoice.state} />
          </View>
        </View>
        <View style={styles.table}>
          <View style={styles.head}>
            <Text style={styles.ip}>{t.ip}</Text>
            <Text style={styles.num}>{t.netSales}</Text>
            <Text style={styles.num}>{t.royalty}</Text>
            <Text style={styles.num}>{t.recouped}</Text>
            <Text style={styles.num}>{t.advanceBilled}</Text>
            <Text style={styles.num}>{t.mgShortfall}</Text>
            <Text style={styles.num}>{t.due}</Text>
          </View>
          {breakdown.lines.length === 0 && (
            <View style={styles.line}>
              <Text>{t.noLines}</Text>
            </View>
          )}
          {breakdown.lines.map((line) => (
            <View key={line.license} style={styles.line} wrap={false}>
              <Text style={styles.ip}>{[line.license_reference, line.ip_name].filter(Boolean).join('\n') || '—'}</Text>
              <Text style={styles.num}>{money(line.net_sales)}</Text>
              <Text style={styles.num}>{money(line.royalty)}</Text>
              <Text style={styles.num}>{money(line.recouped)}</Text>
              <Text style={styles.num}>{money(line.advance_billed ?? 0)}</Text>
              <Text style={styles.num}>{money(line.mg_shortfall)}</Text>
              <Text style={styles.num}>{money(line.due)}</Text>
              {(line.shortfall_netted ?? 0) > 0 && (
                <Text style={styles.netted}>{t.shortfallNetted.replace('{{amount}}', money(line.shortfall_netted ?? 0))}</Text>
              )}
            </View>
          ))}
        </View>
        <View style={styles.totals}>
          <View style={styles.totalLine}>
            <Text>{t.subtotal}</Text>
            <Text>{money(breakdown.subtotal)}</Text>
          </View>
          {vatLines.map((line, i) => (
            <View key={`base-${i}`} style={styles.totalLine}>
              <Text>{t.taxBase.replace('{{rate}}', rate(line.rate_bp))}</Text>
              <Text>{money(breakdown.subtotal)}</Text>
            </View>
          ))}
          {vatLines.map((line, i) => (
            <View key={i} style={styles.totalLine}>
              <Text>{`${lang === 'en' ? line.label_en : line.label_jp} (${rate(line.rate_bp)})`}</Text>
              <Text>{money(line.amount)}</Text>
            </View>
          ))}
          {withheld.length > 0 && (
            <View style={styles.totalLine}>
              <Text>{t.gross}</Text>
              <Text>{money(gross)}</Text>
            </View>
          )}
          {withheld.map((line, i) => (
            <View key={`w-${i}`} style={styles.totalLine}>
              <Text>{`${lang === 'en' ? line.label_en : line.label_jp} (${rate(line.rate_bp)})`}</Text>
              <Text>{money(line.amount)}</Text>
            </View>
          ))}
          <View style={styles.grand}>
            <Text>{withheld.length > 0 ? t.net : t.total}</Text>
            <Text>{money(invoice.amount)}</Text>
          </View>
        </View>
        {parties.bank_account && (
          <View style={styles.bank} wrap={false}>
            <Text style={styles.label}>{t.bank}</Text>
            <Text style={styles.value}>{parties.bank_account}</Text>
          </View>
        )}
        <Text style={styles.footer} fixed>
          {t.footer.replace('{{currency}}', breakdown.currency)}
        </Text>
      </Page>
    </Document>
  );
}

export async function renderInvoicePdf(props: InvoicePdfInput): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<InvoiceDocument {...props} />);
}
