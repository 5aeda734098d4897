import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { productApi } from '@/lib/client/fetcher';

const ACCEPTED_KEY = 'gateAccepted';

function isLocalhost(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

const subscribeNever = () => () => undefined;
const passedBefore = () => isLocalhost() || window.sessionStorage.getItem(ACCEPTED_KEY) === '1';
// On the server nothing is known yet: render nothing until the browser answers.
const unknownOnServer = () => null;

/**
 * The registration gate (SPEC §2): bypassed on localhost, remembered for the browser session,
 * and checked by the server so the expected values never reach the browser.
 */
export function GateGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const bypass = useSyncExternalStore(subscribeNever, passedBefore, unknownOnServer);
  const [accepted, setAccepted] = useState(false);
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const result = await productApi<{ accepted: boolean }>('/gate', { body: { id, password } });
    setPending(false);
    if (result?.status === 0) {
      window.sessionStorage.setItem(ACCEPTED_KEY, '1');
      setAccepted(true);
    } else {
      window.alert(t('gate.invalid'));
    }
  };

  if (bypass === null) return null;
  if (bypass || accepted) return <>{children}</>;
  return (
    <main className="gate-page" data-testid="gate">
      <Form onSubmit={submit} className="gate-form">
        <h1 className="h4">{t('gate.title')}</h1>
        <p className="text-muted">{t('gate.intro')}</p>
        <Form.Group className="mb-3" controlId="gate-id">
          <Form.Label>{t('gate.id')}</Form.Label>
          <Form.Control value={id} onChange={(e) => setId(e.target.value)} autoComplete="username" required />
        </Form.Group>
        <Form.Group className="mb-3" controlId="gate-password">
          <Form.Label>{t('gate.password')}</Form.Label>
          <Form.Control
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </Form.Group>
        <Button type="submit" disabled={pending}>
          {t('gate.submit')}
        </Button>
      </Form>
    </main>
  );
}
