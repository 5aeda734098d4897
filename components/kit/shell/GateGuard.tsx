import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { api } from '@/lib/client/api';

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
    const result = await api.POST('/api/gate', { body: { id, password } });
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
      {/* Bootstrap's classes on plain elements: react-bootstrap's Form (with every control it
          bundles) would otherwise load on every page for a form most visitors never see. */}
      <form onSubmit={submit} className="gate-form">
        <h1 className="h4">{t('gate.title')}</h1>
        <p className="text-muted">{t('gate.intro')}</p>
        <div className="mb-3">
          <label className="form-label" htmlFor="gate-id">
            {t('gate.id')}
          </label>
          <input
            id="gate-id"
            className="form-control"
            value={id}
            onChange={(e) => setId(e.target.value)}
            autoComplete="username"
            required
          />
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor="gate-password">
            {t('gate.password')}
          </label>
          <input
            id="gate-password"
            className="form-control"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('gate.submit')}
        </button>
      </form>
    </main>
  );
}
