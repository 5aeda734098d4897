import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { ConsentCheckField } from '@/components/kit/form/ConsentCheckField';
import { Form } from '@/components/kit/form/Form';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { schemaResolver } from '@/components/kit/form/resolver';
import { contractPdfUrl, signContract, useContract, type ContractAttributes, type Party } from '@/lib/client/contracts';
import { useShell } from '@/lib/client/settings-context';
import { PreparingNotice } from './ContractSummary';
import { SignatureField } from './SignatureField';

interface SignValues {
  typedName: string;
  signature: string;
  consent: boolean;
}

/** What each missing piece is called, said instead of the general "required". */
const MISSING: Record<keyof SignValues, string> = {
  typedName: 'ui.sign.nameRequired',
  signature: 'ui.sign.signatureRequired',
  consent: 'ui.sign.consentRequired',
};

/**
 * The sign form over the schema the server signs with (less the party and the fingerprint, which
 * the dialog adds), each refusal named for what is missing.
 */
function useSignForm() {
  const { t } = useTranslation('contract');
  const { lang } = useShell();
  const base = schemaResolver<SignValues>(
    () => import('@/lib/server/contracts/inputs').then((m) => m.signInput.omit({ party: true, sha256: true })),
    lang,
  );
  const resolver: Resolver<SignValues> = async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors: FieldErrors<SignValues> = { ...result.errors };
    for (const field of Object.keys(MISSING) as (keyof SignValues)[]) {
      const error = errors[field];
      if (error) errors[field] = { type: error.type, message: t(MISSING[field]) };
    }
    return { values: {}, errors };
  };
  return useForm<SignValues>({ defaultValues: { typedName: '', signature: '', consent: false }, resolver });
}

/**
 * Review and sign: the contract PDF as it will be signed, its fingerprint, a typed name, a drawn
 * signature and the consent; the server checks the fingerprint the signer saw is still current.
 */
export function SignContractDialog({
  id,
  party,
  onHide,
  onSigned,
}: {
  /** A license key (its contract in force) or a contract key. */
  id: string;
  party: Party;
  onHide(): void;
  onSigned(contract: ContractAttributes): void;
}) {
  const { t } = useTranslation('contract');
  const { data: session } = useSession();
  const { data: contract, isLoading, mutate } = useContract(id);
  const form = useSignForm();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (values: SignValues) => {
    if (!contract?.sha256) return;
    setProblem(null);
    const answer = await signContract(
      contract.key,
      { party, sha256: contract.sha256, typedName: values.typedName.trim(), signature: values.signature, consent: true },
      session?.accessToken,
    );
    if (answer.ok && answer.data) {
      onSigned(answer.data);
      return;
    }
    const { sha256, party: partyError, ...fields } = answer.errors;
    for (const field of Object.keys(MISSING) as (keyof SignValues)[])
      if (fields[field]) form.setError(field, { type: 'server', message: fields[field] });
    setProblem(sha256 ?? partyError ?? answer.message ?? t('ui.sign.failed'));
    // A new revision (terms changed) or a stale fingerprint: show the contract as it is now.
    if (sha256) void mutate();
  };

  return (
    <Modal show onHide={onHide} size="xl" backdrop="static" data-testid="sign-dialog">
      <Form form={form} onSubmit={submit} className="modal-flex">
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t(`ui.sign.title.${party}`)}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {isLoading && <Spinner animation="border" size="sm" />}
          {!isLoading && !contract && <Alert variant="warning">{t('ui.noContract')}</Alert>}
          {contract?.preparing && <PreparingNotice text={t('ui.sign.preparing')} testId="sign-preparing" />}
          {contract && !contract.preparing && (
            <>
              {contract.termsChanged && (
                <Alert variant="warning" className="py-2 small" data-testid="sign-terms-changed">
                  {t('ui.termsChanged')}
                </Alert>
              )}
              <div className="d-flex flex-wrap gap-3 align-items-center small mb-2">
                <span>
                  {t('ui.revision')} {contract.revision}
                </span>
                <span className="text-break">
                  SHA-256 <code data-testid="sign-sha256">{contract.sha256}</code>
                </span>
                <a href={contractPdfUrl(contract.key)} target="_blank" rel="noreferrer" data-testid="sign-pdf-link">
                  {t('ui.openInNewTab')}
                </a>
              </div>
              <iframe
                src={contractPdfUrl(contract.key)}
                title={t('ui.pdfFrame')}
                className="w-100 border rounded mb-3"
                style={{ height: '45vh' }}
                data-testid="sign-pdf"
              />
              <TextField
                name="typedName"
                label={t('ui.sign.typedName')}
                required
                maxLength={100}
                autoComplete="name"
                testId="sign-typed-name"
              />
              <SignatureField name="signature" nameField="typedName" />
              <ConsentCheckField name="consent" label={t(`ui.sign.consent.${party}`)} className="mb-2" testId="sign-consent" />
              {problem && (
                <Alert variant="danger" className="py-2 mt-3 mb-0" data-testid="sign-error">
                  {problem}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={form.formState.isSubmitting}>
            {t('ui.cancel')}
          </Button>
          <SubmitButton disabled={!contract || contract.voided || contract.preparing} testId="sign-submit">
            {t(`ui.sign.submit.${party}`)}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
