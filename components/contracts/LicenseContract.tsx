import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { useContract } from '@/lib/client/contracts';
import { ContractSummary } from './ContractSummary';

/** The contract in force of a license, with its signatures, in a license's detail. */
export function LicenseContract({ license }: { license: string }) {
  const { t } = useTranslation('contract');
  const { data, isLoading } = useContract(license);
  return (
    <section className="mb-3" data-testid="license-contract-section">
      <h2 className="h6 mt-3">{t('ui.contract')}</h2>
      {isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : !data ? (
        <p className="text-muted small">{t('ui.noContract')}</p>
      ) : (
        <>
          {data.termsChanged && (
            <Alert variant="warning" className="py-2 small">
              {t('ui.termsChanged')}
            </Alert>
          )}
          <ContractSummary contract={data} />
        </>
      )}
    </section>
  );
}
