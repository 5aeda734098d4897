import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { RecordTable } from '@/components/kit/table/RecordTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { api } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { changeIpTag, tagName, useRefreshEntity, useTags, useToken } from '../ip/data';
import { TagBadge } from './TagBadge';
import { TagForm } from './TagForm';
import { TagIpAssignments } from './TagIpAssignments';
import type { IpRecord, TagRecord } from '../ip/types';

type Notice = { variant: 'success' | 'danger'; text: string } | null;
type Open = { key: string; panel: 'edit' | 'ips' } | null;

/** holder/tags-admin: tags with their colours and names, and which IPs carry them (SPEC §2). */
export function TagsAdminView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const dialogs = useDialogs();
  const token = useToken();
  const refresh = useRefreshEntity();
  const { tags, data } = useTags();
  const [notice, setNotice] = useState<Notice>(null);
  const [open, setOpen] = useState<Open>(null);
  const toggle = (key: string, panel: 'edit' | 'ips') =>
    setOpen((current) => (current?.key === key && current.panel === panel ? null : { key, panel }));

  const remove = async (tag: TagRecord) => {
    const name = tagName(tag, lang);
    // The IPs carrying the tag lose it first, so no record keeps a key that names nothing.
    const carriers = await api.POST('/api/v1/IP/query', { token, body: { filter: { tags: tag.key }, limit: 500 } });
    // The spec leaves items and the records' fields optional; the query answers them all.
    const ips = carriers?.status === 0 ? (carriers.data as { items: IpRecord[] }).items : [];
    const ok = await dialogs.confirm(t('tags.deleteTitle'), t('tags.deleteBody', { name, count: ips.length }));
    if (!ok) return;
    dialogs.waiting(true);
    for (const ip of ips) await changeIpTag('revoke', tag.key, ip.key, token);
    const answer = await api.DELETE('/api/v1/Tag/{id}', { params: { path: { id: tag.key } }, token });
    dialogs.waiting(false);
    await Promise.all([refresh('Tag'), refresh('IP')]);
    setNotice(
      answer?.status === 0
        ? { variant: 'success', text: t('tags.deleted', { name }) }
        : { variant: 'danger', text: t('tags.deleteFailed', { name }) },
    );
  };

  const columns = [
    column<TagRecord>('color', t('tags.color'), (tag) => tag.color, {
      hideable: false,
      render: (tag) => (
        <span className="d-inline-flex align-items-center gap-2">
          <span
            className="d-inline-block rounded border"
            style={{ width: 24, height: 24, backgroundColor: tag.color }}
            aria-hidden="true"
            data-testid="tag-swatch"
          />
          <code className="small text-body">{tag.color}</code>
        </span>
      ),
    }),
    column<TagRecord>('name_jp', t('tags.nameJp'), (tag) => tag.name_jp, { sortable: true, testId: 'tag-name-jp' }),
    column<TagRecord>('name_en', t('tags.nameEn'), (tag) => tag.name_en, { sortable: true, testId: 'tag-name-en' }),
    column<TagRecord>('preview', t('tags.preview'), (tag) => tagName(tag, lang), {
      render: (tag) => <TagBadge color={tag.color} label={tagName(tag, lang)} />,
    }),
    actionsColumn<TagRecord>(t('tags.actions'), (tag) => (
      <div className="d-flex flex-wrap gap-1 justify-content-md-end">
        <Button
          size="sm"
          variant={open?.key === tag.key && open.panel === 'ips' ? 'secondary' : 'outline-secondary'}
          aria-expanded={open?.key === tag.key && open.panel === 'ips'}
          onClick={() => toggle(tag.key, 'ips')}
          data-testid="tag-toggle-ips"
        >
          {t('tags.manageIps')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          aria-expanded={open?.key === tag.key && open.panel === 'edit'}
          onClick={() => toggle(tag.key, 'edit')}
          data-testid="tag-edit"
        >
          {t('tags.edit')}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => void remove(tag)} data-testid="tag-delete">
          {t('tags.delete')}
        </Button>
      </div>
    )),
  ];

  return (
    <section data-testid="tags-admin">
      <h1 className="h3 mb-3">{title}</h1>
      <div className="border rounded p-3 mb-4 bg-body-tertiary" data-testid="tag-create-form">
        <h2 className="h5">{t('tags.createTitle')}</h2>
        <TagForm onSaved={(tag) => setNotice({ variant: 'success', text: t('tags.created', { name: tagName(tag, lang) }) })} />
      </div>
      <FlashNotice flash={notice} onClose={() => setNotice(null)} testId="tags-notice" />
      <RecordTable
        columns={columns}
        rows={data === undefined ? undefined : tags}
        error={data === null}
        caption={title}
        testId="tags-table"
        keyOf={(tag) => tag.key}
        rowTestId="tag-row"
        rowData={(tag) => ({ 'data-name-jp': tag.name_jp, 'data-name-en': tag.name_en })}
        renderExpanded={(tag) =>
          open?.key !== tag.key ? null : open.panel === 'edit' ? (
            <TagForm tag={tag} onSaved={() => setOpen(null)} onCancel={() => setOpen(null)} />
          ) : (
            <TagIpAssignments tag={tag} label={tagName(tag, lang)} />
          )
        }
        empty={{
          message: <span data-testid="tags-empty">{t('tags.emptyTitle')}</span>,
          action: <p className="mb-0">{t('tags.emptyHint')}</p>,
        }}
        csvName="tags.csv"
      />
    </section>
  );
}
