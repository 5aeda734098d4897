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
        <span aria-hidden="true">⧉</span>
        <span className="visually-hidden">{t('table.copyNamed', { value })}</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('table.copied') : ''}
      </span>
    </span>
  );
}
