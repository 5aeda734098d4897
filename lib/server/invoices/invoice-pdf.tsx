import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatDay, formatMoney } from '../../../components/holder-admin/money';
import en from '../../../locales/en/invoice.json';
import jp from '../../../locales/jp/invoice.json';
import flowEn from '../../../locales/en/flow.json';
import flowJp from '../../../locales/jp/flow.json';
import { PDF_FONT_FAMILY, registerPdfFonts } from '../pdf/fonts';
import type { InvoiceBreakdown, InvoiceRecord } from './invoice-breakdown';

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
  head: { flexDirection: 'row', backgroundColor: '#e9ecef', fontWeight: 'bold', paddingVertical: 3 },
  line: { flexDirection: 'row', borderBottom: '0.5pt solid #dee2e6', paddingVertical: 3 },
  ip: { width: '30%', paddingHorizontal: 3 },
  num: { width: '14%', textAlign: 'right', paddingHorizontal: 3 },
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
});

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

interface Props {
  invoice: InvoiceRecord;
  breakdown: InvoiceBreakdown;
  lang: Lang;
}

function InvoiceDocument({ invoice, breakdown, lang }: Props) {
  const t = (lang === 'en' ? en : jp).pdf;
  const states: Record<string, string> = (lang === 'en' ? flowEn : flowJp).state;
  const money = (n: number) => formatMoney(n, breakdown.currency, lang);
  const rate = (bp: number) => `${bp / 100}%`;
  return (
    <Document
      title={`${t.title} ${invoice.reference}`}
      author={breakdown.holder_name || undefined}
      language={lang === 'en' ? 'en' : 'ja'}
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{t.title}</Text>
        <View style={styles.parties}>
          <View style={styles.party}>
            <Field label={t.licensor} value={breakdown.holder_name || '—'} />
            <Field label={t.licensee} value={breakdown.licensee_name} />
          </View>
          <View style={styles.party}>
            <Field label={t.number} value={invoice.reference} />
            <Field label={t.issued} value={formatDay(invoice.dateCreated)} />
            <Field label={t.period} value={`${formatDay(breakdown.period_start)} – ${formatDay(breakdown.period_end)}`} />
            <Field label={t.dueDate} value={formatDay(invoice.due_date ?? breakdown.due_date)} />
            <Field label={t.state} value={states[invoice.state] ?? invoice.state} />
          </View>
        </View>
        <View style={styles.table}>
          <View style={styles.head}>
            <Text style={styles.ip}>{t.ip}</Text>
            <Text style={styles.num}>{t.netSales}</Text>
            <Text style={styles.num}>{t.royalty}</Text>
            <Text style={styles.num}>{t.recouped}</Text>
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
              <Text style={styles.num}>{money(line.mg_shortfall)}</Text>
              <Text style={styles.num}>{money(line.due)}</Text>
            </View>
          ))}
        </View>
        <View style={styles.totals}>
          <View style={styles.totalLine}>
            <Text>{t.subtotal}</Text>
            <Text>{money(breakdown.subtotal)}</Text>
          </View>
          {breakdown.tax_lines.map((line, i) => (
            <View key={i} style={styles.totalLine}>
              <Text>{`${lang === 'en' ? line.label_en : line.label_jp} (${rate(line.rate_bp)})`}</Text>
              <Text>{money(line.amount)}</Text>
            </View>
          ))}
          <View style={styles.grand}>
            <Text>{t.total}</Text>
            <Text>{money(invoice.amount)}</Text>
          </View>
        </View>
        <Text style={styles.footer} fixed>
          {t.footer.replace('{{currency}}', breakdown.currency)}
        </Text>
      </Page>
    </Document>
  );
}

export async function renderInvoicePdf(props: Props): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<InvoiceDocument {...props} />);
}
