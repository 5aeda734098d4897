import { useCallback, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { contractPdfUrl, signContract, useContract, type ContractAttributes, type Party } from '@/lib/client/contracts';
import { PreparingNotice } from './ContractSummary';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

type Field = 'typedName' | 'signature' | 'consent';

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
  const pad = useRef<SignaturePadHandle>(null);
  const [typedName, setTypedName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onDrawn = useCallback((png: string | null) => {
    setSignature(png);
    if (png) setErrors((old) => ({ ...old, signature: undefined }));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!contract?.sha256) return;
    const found: Partial<Record<Field, string>> = {};
    if (!typedName.trim()) found.typedName = t('ui.sign.nameRequired');
    if (!signature) found.signature = t('ui.sign.signatureRequired');
    if (!consent) found.consent = t('ui.sign.consentRequired');
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    setPending(true);
    const answer = await signContract(
      contract.key,
      { party, sha256: contract.sha256, typedName: typedName.trim(), signature: signature!, consent },
      session?.accessToken,
    );
    setPending(false);
    if (answer.ok && answer.data) {
      onSigned(answer.data);
      return;
    }
    const { sha256, party: partyError, ...fields } = answer.errors;
    setErrors({ typedName: fields.typedName, signature: fields.signature, consent: fields.consent });
    setProblem(sha256 ?? partyError ?? answer.message ?? t('ui.sign.failed'));
    // A new revision (terms changed) or a stale fingerprint: show the contract as it is now.
    if (sha256) void mutate();
  };

  return (
    <Modal show onHide={onHide} size="xl" backdrop="static" data-testid="sign-dialog">
      <Form noValidate onSubmit={(e) => void submit(e)} className="modal-flex">
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
              <Form.Group className="mb-3" controlId="sign-typed-name">
                <Form.Label>{t('ui.sign.typedName')}</Form.Label>
                <Form.Control
                  value={typedName}
                  maxLength={100}
                  autoComplete="name"
                  isInvalid={!!errors.typedName}
                  onChange={(e) => {
                    setTypedName(e.target.value);
                    setErrors((old) => ({ ...old, typedName: undefined }));
                  }}
                  data-testid="sign-typed-name"
                />
                <Form.Control.Feedback type="invalid">{errors.typedName}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3">
                <Form.Label id="sign-pad-label">{t('ui.sign.draw')}</Form.Label>
                <SignaturePad ref={pad} label={t('ui.sign.draw')} onChange={onDrawn} invalid={!!errors.signature} />
                <div className="d-flex gap-2 mt-2">
                  <Button variant="outline-secondary" size="sm" onClick={() => pad.current?.clear()} data-testid="sign-clear">
                    {t('ui.sign.clear')}
                  </Button>
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={!typedName.trim()}
                    onClick={() => pad.current?.writeText(typedName)}
                    data-testid="sign-use-name"
                  >
                    {t('ui.sign.useName')}
                  </Button>
                </div>
                {errors.signature && (
                  <div className="invalid-feedback d-block" data-testid="sign-signature-error">
                    {errors.signature}
                  </div>
                )}
              </Form.Group>
              <Form.Check
                id="sign-consent"
                className="mb-2"
                checked={consent}
                isInvalid={!!errors.consent}
                feedback={errors.consent}
                feedbackType="invalid"
                onChange={(e) => {
                  setConsent(e.target.checked);
                  setErrors((old) => ({ ...old, consent: undefined }));
                }}
                label={t(`ui.sign.consent.${party}`)}
                data-testid="sign-consent"
              />
              {problem && (
                <Alert variant="danger" className="py-2 mt-3 mb-0" data-testid="sign-error">
                  {problem}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={pending}>
            {t('ui.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={pending || !contract || contract.voided || contract.preparing}
            data-testid="sign-submit"
          >
            {pending && <Spinner animation="border" size="sm" className="me-1" />}
            {t(`ui.sign.submit.${party}`)}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
