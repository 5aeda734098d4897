import { useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { FlashNotice } from '@/components/kit/shell/FlashNotice';
import { useDialogs } from '@/components/kit/dialogs/DialogProvider';
import { useRecord } from '@/lib/client/entities';
import { takeStep } from '@/lib/client/flow';
import { OfferedStep } from '@/components/flow/OfferedStep';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { tagName, useMayManagePrimary, useRefreshEntity, useToken } from '../data';
import { IpImages } from '../IpImages';
import { RetireComment } from './RetireComment';
import { StateBadge } from '../StateBadge';
import { TagBadge } from '../../tags/TagBadge';
import type { IpRecord, TagRecord } from '../types';

interface IpDetailProps {
  /** The row that was opened; the panel reads the record afresh. */
  ip: IpRecord | null;
  tags: Map<string, TagRecord>;
  designers: Map<string, string>;
  onClose: () => void;
}

type Outcome = { variant: 'success' | 'danger'; text: string } | null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3">
      <h3 className="h6 text-muted mb-1">{title}</h3>
      {children}
    </section>
  );
}

/** Everything about one IP, and the primary-IP steps (publish, retire) for those who may take them. */
export function IpDetail({ ip: opened, tags, designers, onClose }: IpDetailProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  const dialogs = useDialogs();
  const token = useToken();
  const refresh = useRefreshEntity();
  const mayManage = useMayManagePrimary();
  const fresh = useRecord<IpRecord>('IP', opened?.key ?? null);
  const ip = fresh.data ?? opened;
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const comment = useRef('');

  const step = async (action: 'publish' | 'retire', text?: string) => {
    if (!ip) return;
    setPending(true);
    setOutcome(null);
    const answer = await takeStep<IpRecord>('IP', ip.key, action, text, token);
    setPending(false);
    if (answer.status === 0) {
      setOutcome({ variant: 'success', text: t(action === 'publish' ? 'detail.published' : 'detail.retired') });
      await Promise.all([fresh.mutate(), refresh('IP')]);
      return;
    }
    const reason = answer.message ?? Object.values(answer.errors)[0] ?? t('detail.noReason');
    setOutcome({ variant: 'danger', text: t('detail.failed', { reason }) });
  };

  const retire = async () => {
    comment.current = '';
    let error: string | undefined;
    for (;;) {
      const ok = await dialogs.form(
        t('detail.retireTitle'),
        <RetireComment initial={comment.current} error={error} onChange={(value) => (comment.current = value)} />,
      );
      if (!ok) return;
      if (comment.current.trim()) break;
      error = t('detail.commentRequired');
    }
    await step('retire', comment.current.trim());
  };

  const close = () => {
    setOutcome(null);
    onClose();
  };

  const ipTags = (ip?.tags ?? []).map((key) => tags.get(key)).filter((tag): tag is TagRecord => Boolean(tag));
  const none = <span className="text-muted">{t('detail.none')}</span>;

  return (
    <Offcanvas
      show={opened !== null}
      onHide={close}
      placement="end"
      style={{ width: 'min(520px, 100vw)' }}
      data-testid="ip-detail"
    >
      {ip && (
        <>
          <Offcanvas.Header closeButton closeLabel={t('detail.close')}>
            <Offcanvas.Title className="text-break" data-testid="ip-detail-name">
              {ip.name}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
              <StateBadge state={ip.state} />
              <span className="badge text-bg-light border">{t(`kind.${ip.kind}`)}</span>
              {ip.designer && (
                <span className="small text-muted">
                  {t('column.designer')}: {designers.get(ip.designer) ?? '…'}
                </span>
              )}
            </div>
            <FlashNotice flash={outcome} onClose={() => setOutcome(null)} testId="ip-detail-outcome" />
            {ip.kind === 'primary' && mayManage && (ip.state === 'draft' || ip.state === 'published') && (
              <div className="d-flex gap-2 mb-3">
                {ip.state === 'draft' && (
                  <OfferedStep entity="IP" recordKey={ip.key} state={ip.state} action="publish">
                    <Button onClick={() => void step('publish')} disabled={pending} data-testid="ip-publish">
                      {pending && <Spinner size="sm" className="me-2" />}
                      {t('detail.publish')}
                    </Button>
                  </OfferedStep>
                )}
                {ip.state === 'published' && (
                  <OfferedStep entity="IP" recordKey={ip.key} state={ip.state} action="retire">
                    <Button variant="outline-danger" onClick={() => void retire()} disabled={pending} data-testid="ip-retire">
                      {pending && <Spinner size="sm" className="me-2" />}
                      {t('detail.retire')}
                    </Button>
                  </OfferedStep>
                )}
              </div>
            )}
            {mayManage && (ip.state === 'published' || ip.state === 'approved') && (
              <p className="mb-3">
                {/* The IP's own page carries its token card: minting and the recorded token. */}
                <Link
                  href={`/${lang}/holder/ip/${encodeURIComponent(ip.designer || 'holder')}/${encodeURIComponent(ip.key)}`}
                  data-testid="ip-mint-link"
                >
                  {t('detail.mintLink')}
                </Link>
              </p>
            )}
            <Section title={t('form.description')}>
              {ip.description ? (
                <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                  {ip.description}
                </p>
              ) : (
                none
              )}
            </Section>
            <Section title={t('form.guidelines')}>
              {ip.guidelines ? (
                <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="ip-detail-guidelines">
                  {ip.guidelines}
                </p>
              ) : (
                none
              )}
            </Section>
            <Section title={t('form.categories')}>
              {ip.categories.length ? (
                <div className="d-flex flex-wrap gap-1">
                  {ip.categories.map((category) => (
                    <span key={category} className="badge text-bg-light border fw-normal">
                      {category}
                    </span>
                  ))}
                </div>
              ) : (
                none
              )}
            </Section>
            <Section title={t('form.tags')}>
              {ipTags.length ? (
                <div className="d-flex flex-wrap gap-1">
                  {ipTags.map((tag) => (
                    <TagBadge key={tag.key} color={tag.color} label={tagName(tag, lang)} />
                  ))}
                </div>
              ) : (
                none
              )}
            </Section>
            <Section title={t('form.images')}>{ip.images.length ? <IpImages images={ip.images} name={ip.name} /> : none}</Section>
            <dl className="row small text-muted mb-0">
              <dt className="col-5">{t('column.created')}</dt>
              <dd className="col-7">{formatDateTime(ip.dateCreated)}</dd>
              <dt className="col-5">{t('detail.updated')}</dt>
              <dd className="col-7">{formatDateTime(ip.dateUpdated)}</dd>
            </dl>
          </Offcanvas.Body>
        </>
      )}
    </Offcanvas>
  );
}
