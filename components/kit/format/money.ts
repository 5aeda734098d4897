// The one money module is lib/format/money.ts; these names stay for the screens not yet moved onto the kits.
export { formatDay, formatMoney, minorDigits } from '@/lib/format/money';
