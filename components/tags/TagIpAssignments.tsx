import { useEffect, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { SubmitButton } from '@/components/kit/form/SubmitButton';
import { TextField } from '@/components/kit/form/TextField';
import { useEntityQuery } from '@/lib/client/entities';
import { truncate, IP_NAME_MAX } from '@/lib/format/truncate';
import { changeIpTag, useRefreshEntity, useToken } from '../ip/data';
import { StateBadge } from '../ip/StateBadge';
import type { IpRecord, TagRecord } from '../ip/types';

interface AssignValues {
  search: string;
  ip: string;
}

const SHOWN = 100;
const CANDIDATES = 30;

/** The IPs carrying one tag, each removable, and a picker that adds the tag to another IP. */
export function TagIpAssignments({ tag, label }: { tag: TagRecord; label: string }) {
  const { t } = useTranslation('holder-ip');
  const token = useToken();
  const refresh = useRefreshEntity();
  const form = useForm<AssignValues>({ defaultValues: { search: '', ip: '' } });
  const [search, choice] = useWatch({ control: form.control, name: ['search', 'ip'] });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const assigned = useEntityQuery<IpRecord>('IP', { filter: { tags: tag.key }, sort: { name: 1 }, limit: SHOWN });
  const candidateFilter: Record<string, unknown> = { tags: { $ne: tag.key } };
  if (search.trim()) candidateFilter.name = { $contains: search.trim() };
  const candidates = useEntityQuery<IpRecord>('IP', { filter: candidateFilter, sort: { name: 1 }, limit: CANDIDATES });
  const options = candidates.data?.items ?? [];
  const chosen = options.some((ip) => ip.key === choice) ? choice : (options[0]?.key ?? '');
  // The list of candidates follows the search: the first of them is chosen until another is.
  useEffect(() => {
    if (chosen !== choice) form.setValue('ip', chosen);
  }, [chosen, choice, form]);

  const change = async (kind: 'assign' | 'revoke', ip: string) => {
    setBusy(ip);
    setProblem(null);
    const answer = await changeIpTag(kind, tag.key, ip, token);
    setBusy(null);
    if (!answer.ok) {
      setProblem(answer.message ?? t(kind === 'assign' ? 'tags.assignFailed' : 'tags.revokeFailed'));
      return;
    }
    form.setValue('ip', '');
    await refresh('IP');
  };
  const assign = async () => {
    if (chosen) await change('assign', chosen);
  };

  const items = assigned.data?.items ?? [];
  return (
    <div className="py-2" data-testid={`tag-ips-${tag.key}`}>
      <h3 className="h6">{t('tags.ipsOf', { name: label })}</h3>
      {assigned.data === undefined ? (
        <Spinner size="sm" />
      ) : items.length === 0 ? (
        <p className="small text-muted">{t('tags.noIps')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
          {items.map((ip) => (
            <li
              key={ip.key}
              className="border rounded px-2 py-1 d-inline-flex align-items-center gap-2 bg-body"
              data-testid="tag-assigned-ip"
              data-name={ip.name}
            >
              <span title={ip.name}>{truncate(ip.name, IP_NAME_MAX)}</span>
              <StateBadge state={ip.state} />
              {busy === ip.key ? (
                <Spinner size="sm" />
              ) : (
                <CloseButton
                  aria-label={t('tags.revokeFrom', { name: ip.name })}
                  onClick={() => void change('revoke', ip.key)}
                  data-testid="tag-revoke"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Form form={form} onSubmit={assign} className="d-flex flex-wrap gap-2 align-items-end" testId="tag-assign-form">
        <TextField
          name="search"
          type="search"
          label={t('tags.searchIp')}
          placeholder={t('tags.searchIp')}
          className="mb-0"
          testId="tag-ip-search"
        />
        <SelectField
          name="ip"
          label={t('tags.chooseIp')}
          options={options.map((ip) => ({ value: ip.key, label: truncate(ip.name, IP_NAME_MAX) }))}
          placeholder={options.length === 0 ? t('tags.noCandidates') : undefined}
          className="mb-0"
          testId="tag-ip-choice"
        />
        <SubmitButton disabled={!chosen || busy !== null} testId="tag-assign">
          {t('tags.assign')}
        </SubmitButton>
      </Form>
      {problem && (
        <div className="invalid-feedback d-block" data-testid="tag-ips-error">
          {problem}
        </div>
      )}
    </div>
  );
}
