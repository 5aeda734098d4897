import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { patchEntity, useEntitySchema } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useRefreshEntity, useToken } from './data';
import { TagBadge } from './TagBadge';
import { TagIpAssignments } from './TagIpAssignments';
import { saveFailure } from './tag-form';
import type { TagRecord } from './types';

interface TagRowProps {
  tag: TagRecord;
  label: string;
  onDelete: (tag: TagRecord) => Promise<void>;
}

const COLUMNS = 5;

/** One tag: shown, or edited in place (names and colour, saved with its version), and its IPs. */
export function TagRow({ tag, label, onDelete }: TagRowProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const token = useToken();
  const refresh = useRefreshEntity();
  const schema = useEntitySchema('Tag', 'Patch');
  const [editing, setEditing] = useState(false);
  const [showIps, setShowIps] = useState(false);
  const [draft, setDraft] = useState({ name_jp: tag.name_jp, name_en: tag.name_en, color: tag.color });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const startEdit = () => {
    setDraft({ name_jp: tag.name_jp, name_en: tag.name_en, color: tag.color });
    setErrors({});
    setEditing(true);
  };

  const save = async () => {
    if (!schema.data || pending) return;
    setPending(true);
    const result = await patchEntity<TagRecord>('Tag', tag.key, { ...draft, version: tag.version }, schema.data, lang, token);
    setPending(false);
    if (result.status !== 0) {
      const failure = saveFailure(result, t);
      // Someone else changed the tag meanwhile: the message says to reload, and the list reloads.
      if (failure.version) void refresh('Tag');
      setErrors(failure);
      return;
    }
    setEditing(false);
    await refresh('Tag');
  };

  const remove = async () => {
    setPending(true);
    await onDelete(tag);
    setPending(false);
  };

  const field = (name: 'name_jp' | 'name_en') => (
    <>
      <Form.Control
        size="sm"
        value={draft[name]}
        maxLength={60}
        isInvalid={Boolean(errors[name])}
        aria-label={t(name === 'name_jp' ? 'tags.nameJp' : 'tags.nameEn')}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setEditing(false);
        }}
        data-testid={`tag-edit-${name.replace('_', '-')}`}
      />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
    </>
  );

  return (
    <>
      <tr data-testid="tag-row" data-key={tag.key} data-name-jp={tag.name_jp} data-name-en={tag.name_en}>
        <td style={{ width: 120 }}>
          {editing ? (
            <>
              <Form.Control
                type="color"
                size="sm"
                value={draft.color}
                isInvalid={Boolean(errors.color)}
                title={draft.color}
                aria-label={t('tags.color')}
                onChange={(e) => setDraft({ ...draft, color: e.target.value })}
                data-testid="tag-edit-color"
              />
              <Form.Control.Feedback type="invalid">{errors.color}</Form.Control.Feedback>
            </>
          ) : (
            <span className="d-inline-flex align-items-center gap-2">
              <span
                className="d-inline-block rounded border"
                style={{ width: 24, height: 24, backgroundColor: tag.color }}
                aria-hidden="true"
                data-testid="tag-swatch"
              />
              <code className="small text-muted">{tag.color}</code>
            </span>
          )}
        </td>
        <td data-testid="tag-name-jp">{editing ? field('name_jp') : tag.name_jp}</td>
        <td data-testid="tag-name-en">{editing ? field('name_en') : tag.name_en}</td>
        <td>
          <TagBadge color={editing ? draft.color : tag.color} label={label} />
        </td>
        <td className="text-end text-nowrap">
          {editing ? (
            <>
              <Button size="sm" onClick={() => void save()} disabled={pending || !schema.data} data-testid="tag-save">
                {pending && <Spinner size="sm" className="me-1" />}
                {t('tags.save')}
              </Button>{' '}
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)} disabled={pending}>
                {t('tags.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant={showIps ? 'secondary' : 'outline-secondary'}
                aria-expanded={showIps}
                onClick={() => setShowIps(!showIps)}
                data-testid="tag-toggle-ips"
              >
                {t('tags.manageIps')}
              </Button>{' '}
              <Button size="sm" variant="outline-primary" onClick={startEdit} data-testid="tag-edit">
                {t('tags.edit')}
              </Button>{' '}
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => void remove()}
                disabled={pending}
                data-testid="tag-delete"
              >
                {t('tags.delete')}
              </Button>
            </>
          )}
        </td>
      </tr>
      {(errors.version || errors._) && (
        <tr>
          <td colSpan={COLUMNS} className="border-top-0 pt-0">
            <div className="invalid-feedback d-block" data-testid="tag-row-error">
              {errors.version ?? errors._}
            </div>
          </td>
        </tr>
      )}
      {showIps && !editing && (
        <tr className="table-light">
          <td colSpan={COLUMNS}>
            <TagIpAssignments tag={tag} label={label} />
          </td>
        </tr>
      )}
    </>
  );
}
