import type { TermsVersion } from '@/lib/terms/kinds';

/** The text of one terms version: plain text as written, or the HTML the server sanitized when it was published. */
export function TermsContent({ version, testId }: { version: TermsVersion; testId?: string }) {
  if (version.metadata.format === 'text') {
    return (
      <div className="terms-content" style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {version.content}
      </div>
    );
  }
  // Sanitized by the server when published (lib/server/terms/sanitize-terms.ts).
  return <div className="terms-content" data-testid={testId} dangerouslySetInnerHTML={{ __html: version.content }} />;
}
