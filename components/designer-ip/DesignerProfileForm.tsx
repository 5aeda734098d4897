import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { createEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';

/** A designer without a Designer record makes one first: secondary IPs are filed under it. */
export function DesignerProfileForm({ onCreated }: { onCreated(): void }) {
  const { t } = useTranslation('designer-ip');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('Designer');
  const [creatorName, setCreatorName] = useState('');
  const [email, setEmail] = useState(session?.user.email ?? '');
  const [role, setRole] = useState<'personal' | 'corporate'>('personal');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    setPending(true);
    setFailed(false);
    const result = await createEntity('Designer', { creator_name: creatorName, email, role }, schema, lang, session?.accessToken);
    setPending(false);
    setErrors(result.errors);
    if (result.status === 0) onCreated();
    else if (Object.keys(result.errors).length === 0) setFailed(true);
  };

  return (
    <Card className="mb-4" data-testid="designer-profile-form">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('profile.title')}
        </Card.Title>
        <p className="text-muted">{t('profile.intro')}</p>
        <Form noValidate onSubmit={(e) => void submit(e)}>
          <Form.Group className="mb-3" controlId="designer-creator-name">
            <Form.Label>{t('profile.creatorName')}</Form.Label>
            <Form.Control
              value={creatorName}
              onChange={(e) => setCreatorName(e.target.value)}
              isInvalid={Boolean(errors.creator_name)}
              maxLength={100}
              data-testid="designer-creator-name"
            />
            <Form.Control.Feedback type="invalid">{errors.creator_name}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="designer-email">
            <Form.Label>{t('profile.email')}</Form.Label>
            <Form.Control
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              isInvalid={Boolean(errors.email)}
              data-testid="designer-email"
            />
            <Form.Control.Feedback type="invalid">{errors.email}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="designer-role">
            <Form.Label>{t('profile.role')}</Form.Label>
            <Form.Select
              value={role}
              onChange={(e) => setRole(e.target.value === 'corporate' ? 'corporate' : 'personal')}
              isInvalid={Boolean(errors.role)}
              data-testid="designer-role"
            >
              <option value="personal">{t('profile.personal')}</option>
              <option value="corporate">{t('profile.corporate')}</option>
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.role}</Form.Control.Feedback>
          </Form.Group>
          {failed && (
            <Alert variant="danger" className="py-2">
              {t('saveFailed')}
            </Alert>
          )}
          <Button type="submit" disabled={pending || !schema} data-testid="designer-save">
            {pending ? t('saving') : t('profile.save')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
