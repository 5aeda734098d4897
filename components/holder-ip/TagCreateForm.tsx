import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { createEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useRefreshEntity, useToken } from './data';
import { DEFAULT_TAG_COLOR, saveFailure } from './tag-form';
import type { TagRecord } from './types';

/** A new tag: its names in both languages and a colour. */
export function TagCreateForm({ onCreated }: { onCreated: (tag: TagRecord) => void }) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const token = useToken();
  const refresh = useRefreshEntity();
  const schema = useEntitySchema('Tag');
  const [nameJp, setNameJp] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !schema.data) return;
    setPending(true);
    const result = await createEntity<TagRecord>('Tag', { name_jp: nameJp, name_en: nameEn, color }, schema.data, lang, token);
    setPending(false);
    if (result.status !== 0 || !result.data) {
      setErrors(saveFailure(result, t));
      return;
    }
    setErrors({});
    setNameJp('');
    setNameEn('');
    setColor(DEFAULT_TAG_COLOR);
    await refresh('Tag');
    onCreated(result.data);
  };

  return (
    <Form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="border rounded p-3 mb-4 bg-body-tertiary"
      data-testid="tag-create-form"
    >
      <h2 className="h5">{t('tags.createTitle')}</h2>
      <Row className="g-2 align-items-start">
        <Col xs={12} md={4}>
          <Form.Group controlId="tag-new-name-jp">
            <Form.Label className="small mb-1">{t('tags.nameJp')}</Form.Label>
            <Form.Control
              value={nameJp}
              isInvalid={Boolean(errors.name_jp)}
              maxLength={60}
              onChange={(e) => setNameJp(e.target.value)}
              data-testid="tag-new-name-jp"
            />
            <Form.Control.Feedback type="invalid">{errors.name_jp}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <Form.Group controlId="tag-new-name-en">
            <Form.Label className="small mb-1">{t('tags.nameEn')}</Form.Label>
            <Form.Control
              value={nameEn}
              isInvalid={Boolean(errors.name_en)}
              maxLength={60}
              onChange={(e) => setNameEn(e.target.value)}
              data-testid="tag-new-name-en"
            />
            <Form.Control.Feedback type="invalid">{errors.name_en}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="tag-new-color">
            <Form.Label className="small mb-1">{t('tags.color')}</Form.Label>
            <Form.Control
              type="color"
              value={color}
              isInvalid={Boolean(errors.color)}
              onChange={(e) => setColor(e.target.value)}
              title={color}
              className="w-100"
              data-testid="tag-new-color"
            />
            <Form.Control.Feedback type="invalid">{errors.color}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={6} md={2} className="d-flex align-items-end" style={{ minHeight: 62 }}>
          <Button type="submit" className="w-100" disabled={pending || !schema.data} data-testid="tag-create">
            {pending && <Spinner size="sm" className="me-2" />}
            {t('tags.create')}
          </Button>
        </Col>
      </Row>
      {errors._ && (
        <div className="invalid-feedback d-block" data-testid="tag-create-error">
          {errors._}
        </div>
      )}
    </Form>
  );
}
