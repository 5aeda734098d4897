import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';

/**
 * A short reference number (LIC-2026-0042) as people quote it: monospace, kept on one line, with
 * a button that copies it. The button's name is its own text, so what is seen is what is heard.
 */
export function ReferenceCell({ value, testId, truncate = false }: { value: string; testId?: string; truncate?: boolean }) {
  const { t } = useTranslation('kit');
  const [copied, setCopied] = useState(false);
  if (!value) return null;
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <span className="kit-reference">
      <code
        translate="no"
        className={truncate ? 'text-truncate kit-reference-long' : undefined}
        title={truncate ? value : undefined}
        data-testid={testId}
      >
        {value}
      </code>
      <button type="button" className="kit-copy btn btn-link btn-sm" onClick={copy} data-testid="copy-reference">
        {/* Two sheets: the copy icon, drawn here (no icon font ships with the app). */}
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="5" y="5" width="9" height="9" rx="1.5" />
          <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
        </svg>
        <span className="visually-hidden">{t('table.copyNamed', { value })}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('table.copied') : ''}
      </span>
    </span>
  );
}
