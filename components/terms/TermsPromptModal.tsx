import { useTranslation } from 'next-i18next/pages';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { ReadOnlyText } from '@/components/kit/form/ReadOnlyText';
import { useShell } from '@/lib/client/settings-context';
import { TERMS_PAGE_OF, termsDocumentUrl, type TermsVersion } from '@/lib/terms/kinds';
import { termsPlainText } from '@/lib/terms/plain-text';
import type { TermsPrompt } from '@/lib/terms/wall';

interface TermsPromptModalProps {
  /** common: the first modal; kind: the kind-specific one. */
  step: 'common' | 'kind';
  prompt: TermsPrompt | null;
  version: TermsVersion | null;
  pending: boolean;
  onAccept: (prompt: TermsPrompt) => void;
}

/** One blocking terms modal (SPEC §2): static backdrop, no keyboard close, no close button. */
export function TermsPromptModal({ step, prompt, version, pending, onAccept }: TermsPromptModalProps) {
  const { t } = useTranslation('terms');
  const { lang } = useShell();
  const show = Boolean(prompt && version);
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered size="lg" aria-labelledby={`terms-wall-${step}-title`}>
      {prompt && version && (
        <div className="modal-flex" data-testid={`terms-wall-${step}`} data-kind={prompt.kind} data-version={prompt.version}>
          <Modal.Header>
            <Modal.Title id={`terms-wall-${step}-title`} data-testid="terms-wall-title">
              {t('wall.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="mb-2">{t(`wall.intro.${prompt.kind}`, { version: prompt.version })}</p>
            <ReadOnlyText
              text={termsPlainText(version.content, version.metadata.format)}
              label={t(`kind.${prompt.kind}`)}
              rows={10}
              testId="terms-wall-text"
            />
            <div className="d-flex flex-wrap gap-3 mt-2 small">
              <a href={`/${lang}${TERMS_PAGE_OF[prompt.kind]}`} target="_blank" rel="noopener noreferrer">
                {t('wall.openPage')}
              </a>
              {version.metadata.document && (
                <a href={termsDocumentUrl(version.metadata.document)} target="_blank" rel="noopener noreferrer">
                  {t('wall.openPdf')}
                </a>
              )}
            </div>
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={() => onAccept(prompt)} disabled={pending} data-testid={`terms-accept-${step}`}>
              {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
              {t('wall.accept')}
            </Button>
          </Modal.Footer>
        </div>
      )}
    </Modal>
  );
}
