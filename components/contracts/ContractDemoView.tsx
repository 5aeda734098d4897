import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import {
  contractPdfUrl,
  createDemoContract,
  useContract,
  verifyContract,
  type Party,
  type VerifyResult,
} from '@/lib/client/contracts';
import { useShell } from '@/lib/client/settings-context';
import { ContractSummary } from './ContractSummary';
import { SignContractDialog } from './SignContractDialog';

function StepTitle({ n, done, children }: { n: number; done: boolean; children: React.ReactNode }) {
  return (
    <h2 className="h6 d-flex align-items-center gap-2">
      <Badge bg={done ? 'success' : 'secondary'} pill>
        {done ? '✓' : n}
      </Badge>
      {children}
    </h2>
  );
}

/**
 * sys/contract/demo: the e-signature on a sample contract that belongs to no license: generate,
 * sign as the licensee, countersign as the holder, then the signed agreement and the check that
 * the signatures hold for the exact bytes (and fail once one byte is changed).
 */
export function ContractDemoView({ title }: ScreenViewProps) {
  const { t } = useTranslation('contract');
  const { lang: pageLang } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  const [lang, setLang] = useState<'jp' | 'en'>(pageLang === 'en' ? 'en' : 'jp');
  const [key, setKey] = useState<string | null>(null);
  const { data: contract, mutate } = useContract(key);
  const [signing, setSigning] = useState<Party | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<VerifyResult | null>(null);

  const signed = new Set((contract?.signatures ?? []).filter((s) => !s.voided).map((s) => s.party));
  const complete = !!contract?.finalSha256;

  const start = async () => {
    setPending(true);
    setProblem(null);
    setCheck(null);
    const answer = await createDemoContract(lang, token);
    setPending(false);
    if (!answer.ok || !answer.data) {
      setProblem(answer.message ?? t('ui.sign.failed'));
      return;
    }
    setKey(answer.data.key);
    void mutate(answer.data, { revalidate: false });
  };

  const runCheck = async (tamper: boolean) => {
    if (!key) return;
    setPending(true);
    const answer = await verifyContract(key, tamper, token);
    setPending(false);
    if (answer.ok) setCheck(answer.data);
    else setProblem(answer.message ?? t('ui.sign.failed'));
  };

  return (
    <section data-testid="contract-demo">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('ui.demo.intro')}</p>
      {problem && (
        <Alert variant="danger" dismissible onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Card className="mb-3">
        <Card.Body>
          <StepTitle n={1} done={!!contract}>
            {t('ui.demo.step1')}
          </StepTitle>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <ButtonGroup aria-label={t('ui.pdfDemo.language')}>
              {(['jp', 'en'] as const).map((l) => (
                <Button
                  key={l}
                  size="sm"
                  variant={l === lang ? 'primary' : 'outline-primary'}
                  aria-pressed={l === lang}
                  onClick={() => setLang(l)}
                  data-testid={`contract-demo-lang-${l}`}
                >
                  {t(`ui.languages.${l}`)}
                </Button>
              ))}
            </ButtonGroup>
            <Button onClick={() => void start()} disabled={pending} data-testid="contract-demo-start">
              {contract ? t('ui.demo.restart') : t('ui.demo.start')}
            </Button>
          </div>
        </Card.Body>
      </Card>
      {contract && (
        <>
          <Card className="mb-3">
            <Card.Body>
              <ContractSummary contract={contract} />
              <iframe
                key={`${contract.key}-${complete}`}
                src={contractPdfUrl(contract.key, complete)}
                title={t('ui.pdfFrame')}
                className="w-100 border rounded mt-3"
                style={{ height: '55vh' }}
                data-testid="contract-demo-frame"
              />
            </Card.Body>
          </Card>
          <Card className="mb-3">
            <Card.Body>
              <StepTitle n={2} done={signed.has('licensee')}>
                {t('ui.demo.step2')}
              </StepTitle>
              <Button
                disabled={contract.nextParty !== 'licensee'}
                onClick={() => setSigning('licensee')}
                data-testid="contract-demo-sign-licensee"
              >
                {t('ui.demo.signLicensee')}
              </Button>
              <hr />
              <StepTitle n={3} done={signed.has('holder')}>
                {t('ui.demo.step3')}
              </StepTitle>
              <Button
                disabled={contract.nextParty !== 'holder'}
                onClick={() => setSigning('holder')}
                data-testid="contract-demo-sign-holder"
              >
                {t('ui.demo.signHolder')}
              </Button>
            </Card.Body>
          </Card>
          <Card className="mb-3">
            <Card.Body>
              <StepTitle n={4} done={!!check && check.verified && !check.tampered}>
                {t('ui.demo.step4')}
              </StepTitle>
              <p className="small text-muted">{t('ui.demo.verifyIntro')}</p>
              <div className="d-flex flex-wrap gap-2 mb-3">
                <Button disabled={!complete || pending} onClick={() => void runCheck(false)} data-testid="contract-demo-verify">
                  {t('ui.demo.verify')}
                </Button>
                <Button
                  variant="outline-danger"
                  disabled={!complete || pending}
                  onClick={() => void runCheck(true)}
                  data-testid="contract-demo-tamper"
                >
                  {t('ui.demo.tamper')}
                </Button>
                {pending && <Spinner animation="border" size="sm" />}
              </div>
              {check && (
                <Alert
                  variant={check.verified ? 'success' : 'danger'}
                  data-testid="contract-demo-result"
                  data-verified={check.verified ? 'true' : 'false'}
                >
                  <strong>{check.verified ? t('ui.demo.verified') : t('ui.demo.failed')}</strong>
                  <div className="small mt-2">{check.tampered ? t('ui.demo.tamperedNote') : t('ui.demo.originalNote')}</div>
                  <div className="small text-break">
                    {t('ui.demo.checkedSha')}: <code>{check.checkedSha256}</code>
                  </div>
                  <ul className="small mb-0 mt-2">
                    {check.signatures.map((s) => (
                      <li key={s.party}>
                        {t(`ui.parties.${s.party}`)} ({s.signerName}): <code>{s.sha256.slice(0, 16)}…</code> —{' '}
                        {s.valid ? t('ui.demo.signatureValid') : t('ui.demo.signatureInvalid')}
                      </li>
                    ))}
                  </ul>
                </Alert>
              )}
            </Card.Body>
          </Card>
        </>
      )}
      {signing && key && (
        <SignContractDialog
          id={key}
          party={signing}
          onHide={() => setSigning(null)}
          onSigned={(next) => {
            setSigning(null);
            void mutate(next, { revalidate: false });
          }}
        />
      )}
    </section>
  );
}
