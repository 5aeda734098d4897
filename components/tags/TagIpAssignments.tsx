import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { useEntityQuery } from '@/lib/client/entities';
import { truncate, IP_NAME_MAX } from '@/lib/format/truncate';
import { changeIpTag, useRefreshEntity, useToken } from '../ip/data';
import { StateBadge } from '../ip/StateBadge';
import type { IpRecord, TagRecord } from '../ip/types';

const SHOWN = 100;
const CANDIDATES = 30;

/** The IPs carrying one tag, each removable, and a picker that adds the tag to another IP. */
export function TagIpAssignments({ tag, label }: { tag: TagRecord; label: string }) {
  const { t } = useTranslation('holder-ip');
  const token = useToken();
  const refresh = useRefreshEntity();
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const assigned = useEntityQuery<IpRecord>('IP', { filter: { tags: tag.key }, sort: { name: 1 }, limit: SHOWN });
  const candidateFilter: Record<string, unknown> = { tags: { $ne: tag.key } };
  if (search.trim()) candidateFilter.name = { $contains: search.trim() };
  const candidates = useEntityQuery<IpRecord>('IP', { filter: candidateFilter, sort: { name: 1 }, limit: CANDIDATES });
  const options = candidates.data?.items ?? [];
  const chosen = options.some((ip) => ip.key === choice) ? choice : (options[0]?.key ?? '');

  const change = async (kind: 'assign' | 'revoke', ip: string) => {
    setBusy(ip);
    setProblem(null);
    const answer = await changeIpTag(kind, tag.key, ip, token);
    setBusy(null);
    if (!answer.ok) {
      setProblem(answer.message ?? t(kind === 'assign' ? 'tags.assignFailed' : 'tags.revokeFailed'));
      return;
    }
    setChoice('');
    await refresh('IP');
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
      <Form
        className="d-flex flex-wrap gap-2 align-items-center"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) void change('assign', chosen);
        }}
      >
        <Form.Control
          type="search"
          size="sm"
          style={{ maxWidth: 220 }}
          placeholder={t('tags.searchIp')}
          aria-label={t('tags.searchIp')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="tag-ip-search"
        />
        <InputGroup size="sm" style={{ maxWidth: 420 }}>
          <Form.Select
            aria-label={t('tags.chooseIp')}
            value={chosen}
            disabled={options.length === 0}
            onChange={(e) => setChoice(e.target.value)}
            data-testid="tag-ip-choice"
          >
            {options.length === 0 && <option value="">{t('tags.noCandidates')}</option>}
            {options.map((ip) => (
              <option key={ip.key} value={ip.key}>
                {truncate(ip.name, IP_NAME_MAX)}
              </option>
            ))}
          </Form.Select>
          <Button type="submit" variant="primary" disabled={!chosen || busy !== null} data-testid="tag-assign">
            {t('tags.assign')}
          </Button>
        </InputGroup>
      </Form>
      {problem && (
        <div className="invalid-feedback d-block" data-testid="tag-ips-error">
          {problem}
        </div>
      )}
    </div>
  );
}
