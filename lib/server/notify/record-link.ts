import type { Subject } from '../flow/types';

type Row = Record<string, unknown>;

/** Which side of a record the reader is on: deciding on it, or having asked for it. */
export type Side = 'reviewer' | 'applicant';

const REVIEWER_PAGE: Record<Subject, string> = {
  primary_ip: '/holder/ip',
  ip: '/holder/approve/ip',
  // Permits wait for the brand on the IP approval page's second tab.
  usage: '/holder/approve/ip?tab=usages',
  license: '/holder/approve/license',
  product: '/holder/approve/product',
  sales: '/holder/sales',
  invoice: '/holder/invoice',
  liquid: '/holder/applications',
};

const APPLICANT_PAGE: Record<Subject, string> = {
  primary_ip: '/holder/primary',
  ip: '/designer/iplist',
  // The permit's own panel on the designer's permits page: the request, the comment, the history.
  usage: '/designer/usage',
  license: '/licensee/list',
  product: '/licensee/product',
  sales: '/licensee/sales',
  invoice: '/licensee/invoice',
  liquid: '/designer/profile',
};

/**
 * The page where a reader acts on a record, as a path under /{lang}; the record is opened on it
 * by its reference (`?open=LIC-2026-0042`), which is what a person would type there too. A
 * designer deciding on a product acts from the designer's product page.
 */
export function recordLink(subject: Subject, row: Row, side: Side, options: { designerReviewer?: boolean } = {}): string {
  const page =
    side === 'reviewer' && options.designerReviewer && subject === 'product'
      ? '/designer/product'
      : (side === 'reviewer' ? REVIEWER_PAGE : APPLICANT_PAGE)[subject];
  const reference = typeof row.reference === 'string' && row.reference ? row.reference : null;
  if (!reference) return page;
  return `${page}${page.includes('?') ? '&' : '?'}open=${encodeURIComponent(reference)}`;
}
