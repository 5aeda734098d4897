import { useTranslation } from 'next-i18next/pages';

/** The license's contract document (a stored file's hash), or a note that none was issued yet. */
export function ContractCell({ contract }: { contract: unknown }) {
  const { t } = useTranslation('licensee');
  if (typeof contract !== 'string' || !contract) {
    return (
      <span className="text-muted small" data-testid="license-contract-none">
        {t('list.notIssued')}
      </span>
    );
  }
  return (
    <a href={`/api/files/${encodeURIComponent(contract)}`} target="_blank" rel="noreferrer" data-testid="license-contract">
      {t('list.openContract')}
    </a>
  );
}
