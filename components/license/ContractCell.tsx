import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { SignContractDialog } from '@/components/contracts/LazySignContractDialog';
import { contractPdfUrl } from '@/lib/client/contracts';

/**
 * The license's contract (the PDF of its revision in force), or a note that none was issued yet;
 * while the contract waits for the licensee, a button to review and sign it.
 */
export function ContractCell({ license, onChanged }: { license: Record<string, unknown>; onChanged?(): void }) {
  const { t } = useTranslation('licensee');
  const { t: tc } = useTranslation('contract');
  const [signing, setSigning] = useState(false);
  const key = typeof license.key === 'string' ? license.key : '';
  if (typeof license.contract !== 'string' || !license.contract) {
    return (
      <span className="text-muted small" data-testid="license-contract-none">
        {t('list.notIssued')}
      </span>
    );
  }
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center">
      <a href={contractPdfUrl(key)} target="_blank" rel="noreferrer" data-testid="license-contract">
        {t('list.openContract')}
      </a>
      {license.state === 'contract_sent' && (
        <Button size="sm" onClick={() => setSigning(true)} data-testid="license-sign">
          {tc('ui.reviewAndSign')}
        </Button>
      )}
      {signing && (
        <SignContractDialog
          id={key}
          party="licensee"
          onHide={() => setSigning(false)}
          onSigned={() => {
            setSigning(false);
            onChanged?.();
          }}
        />
      )}
    </span>
  );
}
