import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';
import { useShell } from '@/lib/client/settings-context';
import { MAIL_KIND_LABEL, MAIL_KINDS, type MailKind } from '@/lib/server/notify/mail-kinds';
import { useProfileCaller, type OwnProfile } from './profile-api';

/**
 * Which kinds of notification are mailed as well as shown in the bell: each on unless the person
 * turned it off; and whether they come one by one or as one mail a day (the daily digest). The bell keeps every notification whatever is chosen here.
 */
export function MailPreferences({ original, onSaved }: { original: OwnProfile; onSaved(): unknown }) {
  const { t } = useTranslation('profile');
  const { lang } = useShell();
  const { core, token } = useProfileCaller();
  const [off, setOff] = useState<Set<MailKind>>(new Set(original.mail_off ?? []));
  const [digest, setDigest] = useState(Boolean(original.mail_digest));
  const [state, setState] = useState<'idle' | 'pending' | 'saved' | 'failed'>('idle');

  const toggle = (kind: MailKind, mailed: boolean) => {
    const next = new Set(off);
    if (mailed) next.delete(kind);
    else next.add(kind);
    setOff(next);
    setState('idle');
  };

  const save = async () => {
    setState('pending');
    const answer = await core.POST('/api/core/users/profile/update', {
      token,
      body: { mail_off: [...off], mail_digest: digest },
    });
    if (answer?.status !== 0) {
      setState('failed');
      return;
    }
    setState('saved');
    await onSaved();
  };

  return (
    <Card className="mb-4" data-testid="mail-preferences">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('mail.title')}
        </Card.Title>
        <p className="small text-muted">{t('mail.intro')}</p>
        {MAIL_KINDS.map((kind) => (
          <Form.Check
            key={kind}
            type="switch"
            id={`mail-kind-${kind}`}
            label={MAIL_KIND_LABEL[kind][lang]}
            checked={!off.has(kind)}
            onChange={(e) => toggle(kind, e.target.checked)}
            data-testid={`mail-kind-${kind}`}
          />
        ))}
        <Form.Check
          className="mt-3"
          type="checkbox"
          id="mail-digest"
          label={t('mail.digest')}
          checked={digest}
          onChange={(e) => {
            setDigest(e.target.checked);
            setState('idle');
          }}
          data-testid="mail-digest"
        />
        <Form.Text className="d-block mb-1">{t('mail.digestHelp')}</Form.Text>
        {state === 'saved' && (
          <Alert variant="success" className="py-2 mt-2 small" data-testid="mail-saved">
            {t('mail.saved')}
          </Alert>
        )}
        {state === 'failed' && (
          <Alert variant="danger" className="py-2 mt-2 small">
            {t('saveFailed')}
          </Alert>
        )}
        <Button className="mt-2" size="sm" disabled={state === 'pending'} onClick={() => void save()} data-testid="mail-save">
          {t('mail.save')}
        </Button>
      </Card.Body>
    </Card>
  );
}
