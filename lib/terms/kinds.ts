/** The terms documents of SPEC §4 ("Terms kinds") and the shape of one published version (SPEC §3). */
export const TERMS_KINDS = ['terms-common', 'terms-designer-personal', 'terms-licensee'] as const;
export type TermsKind = (typeof TERMS_KINDS)[number];

export function isTermsKind(value: unknown): value is TermsKind {
  return typeof value === 'string' && (TERMS_KINDS as readonly string[]).includes(value);
}

export type TermsFormat = 'html' | 'text';

export interface TermsMetadata {
  version: string;
  /** Hash of the attached PDF in the public file store, fetched separately. */
  document?: string;
  /** When the version was published, ISO 8601 in UTC. */
  published: string;
  format: TermsFormat;
  /**
   * When the version was withdrawn (ISO 8601, UTC): it no longer counts as the latest for the
   * wall, but its text and the record of who accepted it stay. Absent while in force.
   */
  withdrawn?: string;
}

export interface TermsVersion {
  metadata: TermsMetadata;
  /** Sanitized HTML (format html) or plain text (format text, escaped when shown). */
  content: string;
}

/** The version in force: the newest one not withdrawn, or null when none is. */
export function latestInForce<T extends { metadata: { withdrawn?: string } }>(versions: readonly T[]): T | null {
  for (let i = versions.length - 1; i >= 0; i--) if (!versions[i]!.metadata.withdrawn) return versions[i]!;
  return null;
}

/** The public page that shows each kind (footer links of SPEC §2). */
export const TERMS_PAGE_OF: Record<TermsKind, string> = {
  'terms-common': '/terms',
  'terms-designer-personal': '/terms-designer',
  'terms-licensee': '/terms-licensee',
};

/** Where the PDF of a version is read, without sign-in. */
export function termsDocumentUrl(hash: string): string {
  return `/api/core/public/fetch/${encodeURIComponent(hash)}`;
}
