import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { productApi } from '@/lib/client/fetcher';

const ACCEPTED_KEY = 'gateAccepted';

function isLocalhost(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

/**
 * The registration gate (SPEC §2): bypassed on localhost, remembered for the browser session,
 * and checked by the server so the expected values never reach the browser.
 */
export function GateGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<'checking' | 'open' | 'closed'>('checking');
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    setState(isLocalhost() || window.sessionStorage.getItem(ACCEPTED_KEY) === '1' ? 'open' : 'closed');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const result = await productApi<{ accepted: boolean }>('/gate', { body: { id, password } });
    setPending(false);
    if (result?.status === 0) {
      window.sessionStorage.setItem(ACCEPTED_KEY, '1');
      setState('open');
    } else {
      window.alert(t('gate.invalid'));
    }
  };

  if (state === 'open') return <>{children}</>;
  if (state === 'checking') return null;
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
          <Form.Control type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        </Form.Group>
        <Button type="submit" disabled={pending}>
          {t('gate.submit')}
        </Button>
      </Form>
    </main>
  );
}
