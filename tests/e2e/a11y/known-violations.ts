/**
 * Serious or critical axe findings the accessibility journey does not fail on yet, in one place.
 * Each entry is a screen another helper is changing in this round (lists and detail pages of
 * approval/, licensee/, sales/, invoice/, holder-admin/, the designer profile form, terms/,
 * layout/, notify/); they move onto the kits in the second phase of issue #24, and each entry
 * goes with that move. An entry names the rule and the pages (a path prefix after the language).
 */
export interface KnownViolation {
  rule: string;
  pages: string[];
  why: string;
}

export const KNOWN_VIOLATIONS: KnownViolation[] = [];

export function isKnown(rule: string, path: string): boolean {
  return KNOWN_VIOLATIONS.some((k) => k.rule === rule && k.pages.some((p) => path === p || path.startsWith(`${p}/`)));
}

/**
 * Regions left out of the scan: the API reference viewers draw every one of some 150 operations,
 * Swagger UI into the page and ReDoc into its own iframe; axe over that DOM takes minutes on this
 * machine. Their frame, heading and the page around them are scanned; the viewers' own markup is
 * the vendors'.
 */
export const EXCLUDED_REGIONS = ['#api-viewer'];
