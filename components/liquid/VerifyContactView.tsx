import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';

interface Confirmed {
  entity: string;
  value: string;
}

/**
 * /verify-contact?token=: the link of a contact e-mail confirmation mail. Confirming (as the
 * person who asked) puts the new address into use; until then the old one stays.
 */
export function VerifyContactView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer-profile');
  const { lang } = useShell();
  const router = useRouter();
  const { data: session } = useSession();
  const token = typeof router.query.token === 'string' ? router.query.token : null;
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Confirmed | null>(null);

  const confirm = async () => {
    if (!token) return;
    setPending(true);
    setProblem(null);
    const answer = await api.POST('/api/contact/verify', { body: { token }, token: session?.accessToken });
    setPending(false);
    // The spec leaves every field of the answer optional; the server sends them all.
    if (answer?.status === 0) setDone(answer.data as Confirmed);
    else {
      const errors = (answer?.data as { errors?: Record<string, string> } | undefined)?.errors;
      setProblem(errors ? Object.values(errors).join(' ') : t('edit.failed'));
    }
  };

  const profile = done?.entity === 'Licensee' ? `/${lang}/licensee/admin/profile` : `/${lang}/designer/profile`;
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <Card style={{ maxWidth: 720 }} data-testid="verify-contact">
        <Card.Body>
          {!token ? (
            <Alert variant="danger" className="mb-0" data-testid="verify-contact-missing">
              {t('verify.missing')}
            </Alert>
          ) : done ? (
            <>
              <Alert variant="success" data-testid="verify-contact-done">
                {t('verify.done', { email: done.value })}
              </Alert>
              <Link className="btn btn-outline-primary" href={profile}>
                {t('verify.toProfile')}
              </Link>
            </>
          ) : (
            <>
              <p>{t('verify.intro')}</p>
              {problem && (
                <Alert variant="danger" className="py-2" data-testid="verify-contact-error">
                  {problem}
                </Alert>
              )}
              <Button onClick={() => void confirm()} disabled={pending} data-testid="verify-contact-confirm">
                {pending ? t('verify.confirming') : t('verify.confirm')}
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
