import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'next-i18next/pages';

interface RetireCommentProps {
  initial: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The comment a retirement needs, typed inside the shared form dialog. */
export function RetireComment({ initial, error, onChange }: RetireCommentProps) {
  const { t } = useTranslation('holder-ip');
  const [value, setValue] = useState(initial);
  return (
    <Form.Group controlId="retire-comment">
      <p>{t('detail.retireBody')}</p>
      <Form.Label>{t('detail.comment')}</Form.Label>
      <Form.Control
        as="textarea"
        rows={4}
        autoFocus
        value={value}
        isInvalid={Boolean(error)}
        onChange={(e) => {
          setValue(e.target.value);
          onChange(e.target.value);
        }}
        data-testid="retire-comment"
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
