import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { createEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { Row } from './data';

interface PermitRequestFormProps {
  /** The IP is fixed (the gallery's detail view) … */
  ipKey?: string;
  /** … or chosen from these published primary IPs (the permits page). */
  ipOptions?: { key: string; name: string; disabled?: boolean }[];
  designerKey?: string;
  onCreated(usage: Row): void;
}

/** A usage permit request (POST /api/v1/Usage {ip, purpose, designer?}): the purpose is required. */
export function PermitRequestForm({ ipKey, ipOptions, designerKey, onCreated }: PermitRequestFormProps) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const { data: session } = useSession();
  const { data: schema } = useEntitySchema('Usage');
  const [ip, setIp] = useState(ipKey ?? '');
  const [purpose, setPurpose] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schema) return;
    const local: Record<string, string> = {};
    if (!ip) local.ip = t('permit.errors.ip');
    if (!purpose.trim()) local.purpose = t('permit.errors.purpose');
    setErrors(local);
    setFailed(false);
    if (Object.keys(local).length) return;
    setPending(true);
    const result = await createEntity<Row>(
      'Usage',
      { ip, purpose: purpose.trim(), ...(designerKey ? { designer: designerKey } : {}) },
      schema,
      lang,
      session?.accessToken,
    );
    setPending(false);
    setErrors(result.errors);
    if (result.status === 0 && result.data) {
      setPurpose('');
      if (!ipKey) setIp('');
      onCreated(result.data);
    } else if (Object.keys(result.errors).length === 0) setFailed(true);
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="permit-form">
      {ipOptions && (
        <Form.Group className="mb-3" controlId="permit-ip">
          <Form.Label>{t('permit.ip')}</Form.Label>
          <Form.Select value={ip} onChange={(e) => setIp(e.target.value)} isInvalid={Boolean(errors.ip)} data-testid="permit-ip">
            <option value="">{t('permit.chooseIp')}</option>
            {ipOptions.map((option) => (
              <option key={option.key} value={option.key} disabled={option.disabled}>
                {option.disabled ? t('permit.alreadyRequested', { name: option.name }) : option.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid" data-testid="permit-ip-error">
            {errors.ip}
          </Form.Control.Feedback>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId={ipKey ? `permit-purpose-${ipKey}` : 'permit-purpose'}>
        <Form.Label>{t('permit.purpose')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={purpose}
          maxLength={2000}
          placeholder={t('permit.purposePlaceholder')}
          onChange={(e) => setPurpose(e.target.value)}
          isInvalid={Boolean(errors.purpose)}
          data-testid="permit-purpose"
        />
        <Form.Control.Feedback type="invalid" data-testid="permit-purpose-error">
          {errors.purpose}
        </Form.Control.Feedback>
      </Form.Group>
      {failed && (
        <Alert variant="danger" className="py-2" data-testid="permit-failed">
          {t('saveFailed')}
        </Alert>
      )}
      <Button type="submit" disabled={pending || !schema} data-testid="permit-submit">
        {pending ? t('sending') : t('permit.submit')}
      </Button>
    </Form>
  );
}
