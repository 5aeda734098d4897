import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { useDialogs } from '@/components/dialogs/DialogProvider';
import type { ScreenViewProps } from '@/components/page/withPage';
import { productApi } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import { changeIpTag, tagName, useRefreshEntity, useTags, useToken } from './data';
import { TagCreateForm } from './TagCreateForm';
import { TagRow } from './TagRow';
import type { IpRecord, TagRecord } from './types';

type Notice = { variant: 'success' | 'danger'; text: string } | null;

/** holder/tags-admin: tags with their colours and names, and which IPs carry them (SPEC §2). */
export function TagsAdminView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const dialogs = useDialogs();
  const token = useToken();
  const refresh = useRefreshEntity();
  const { tags, data } = useTags();
  const [notice, setNotice] = useState<Notice>(null);

  const remove = async (tag: TagRecord) => {
    const name = tagName(tag, lang);
    // The IPs carrying the tag lose it first, so no record keeps a key that names nothing.
    const carriers = await productApi<{ items: IpRecord[] }>('/v1/IP/query', {
      token,
      body: { filter: { tags: tag.key }, limit: 500 },
    });
    const ips = carriers?.status === 0 ? carriers.data.items : [];
    const ok = await dialogs.confirm(t('tags.deleteTitle'), t('tags.deleteBody', { name, count: ips.length }));
    if (!ok) return;
    dialogs.waiting(true);
    for (const ip of ips) await changeIpTag('revoke', tag.key, ip.key, token);
    const answer = await productApi(`/v1/Tag/${encodeURIComponent(tag.key)}`, { method: 'DELETE', token });
    dialogs.waiting(false);
    await Promise.all([refresh('Tag'), refresh('IP')]);
    setNotice(
      answer?.status === 0
        ? { variant: 'success', text: t('tags.deleted', { name }) }
        : { variant: 'danger', text: t('tags.deleteFailed', { name }) },
    );
  };

  return (
    <section data-testid="tags-admin">
      <h1 className="h3 mb-3">{title}</h1>
      <TagCreateForm
        onCreated={(tag) => setNotice({ variant: 'success', text: t('tags.created', { name: tagName(tag, lang) }) })}
      />
      {notice && (
        <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} data-testid="tags-notice">
          {notice.text}
        </Alert>
      )}
      {data === undefined ? (
        <div className="d-flex align-items-center gap-2 text-muted py-3">
          <Spinner size="sm" />
          {t('list.loading')}
        </div>
      ) : data === null ? (
        <Alert variant="danger">{t('tags.loadError')}</Alert>
      ) : tags.length === 0 ? (
        <div className="text-center border rounded p-5 bg-body-tertiary" data-testid="tags-empty">
          <p className="h5">{t('tags.emptyTitle')}</p>
          <p className="text-muted mb-0">{t('tags.emptyHint')}</p>
        </div>
      ) : (
        <Table responsive className="align-middle" data-testid="tags-table">
          <thead>
            <tr>
              <th scope="col">{t('tags.color')}</th>
              <th scope="col">{t('tags.nameJp')}</th>
              <th scope="col">{t('tags.nameEn')}</th>
              <th scope="col">{t('tags.preview')}</th>
              <th scope="col" className="text-end">
                {t('tags.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tags.map((tag) => (
              <TagRow key={tag.key} tag={tag} label={tagName(tag, lang)} onDelete={remove} />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
