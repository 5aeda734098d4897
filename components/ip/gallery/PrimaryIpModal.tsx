import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'next-i18next/pages';
import { IpImages } from '@/components/ip/IpImages';
import type { TagRecord } from '@/components/ip/types';
import { TagList } from '@/components/tags/TagFilter';
import { isLivePermit, type Row } from './data';
import { PermitRequestForm } from '../../permit/PermitRequestForm';
import { PermitStatus } from '../../permit/PermitStatus';

interface PrimaryIpModalProps {
  ip: Row | null;
  tags: Map<string, TagRecord>;
  permit: Row | undefined;
  designerKey?: string;
  onRequested(usage: Row): void;
  onClose(): void;
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="mb-3" data-testid={testId}>
      <h3 className="h6 text-muted mb-1">{title}</h3>
      {children}
    </section>
  );
}

/** A primary IP in full: every image, description, categories, tags and usage guidelines; then its permit. */
export function PrimaryIpModal({ ip, tags, permit, designerKey, onRequested, onClose }: PrimaryIpModalProps) {
  const { t } = useTranslation('designer');
  const images = Array.isArray(ip?.images) ? (ip.images as { hash: string; name?: string }[]) : [];
  const categories = Array.isArray(ip?.categories) ? (ip.categories as string[]) : [];
  const tagKeys = Array.isArray(ip?.tags) ? (ip.tags as string[]) : [];
  const name = String(ip?.name ?? '');
  return (
    <Modal show={Boolean(ip)} onHide={onClose} size="lg" scrollable data-testid="gallery-detail">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5 text-break" data-testid="gallery-detail-name">
          {name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <IpImages
          images={images}
          name={name}
          size={200}
          empty={t('detail.noImages')}
          className="mb-3"
          testId="gallery-detail-images"
        />
        <Section title={t('detail.description')} testId="gallery-detail-description">
          <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {typeof ip?.description === 'string' && ip.description ? ip.description : t('detail.none')}
          </p>
        </Section>
        <Section title={t('detail.categories')} testId="gallery-detail-categories">
          {categories.length ? (
            <div className="d-flex flex-wrap gap-1">
              {categories.map((category) => (
                <Badge key={category} bg="light" text="dark" className="border fw-normal">
                  {category}
                </Badge>
              ))}
            </div>
          ) : (
            <span className="text-muted">{t('detail.none')}</span>
          )}
        </Section>
        {tagKeys.length > 0 && (
          <Section title={t('detail.tags')} testId="gallery-detail-tags">
            <TagList keys={tagKeys} byKey={tags} testId="gallery-detail-tag" />
          </Section>
        )}
        <Section title={t('detail.guidelines')} testId="gallery-detail-guidelines">
          <div className="border rounded p-2 bg-body-tertiary" style={{ whiteSpace: 'pre-wrap' }}>
            {typeof ip?.guidelines === 'string' && ip.guidelines ? ip.guidelines : t('detail.noGuidelines')}
          </div>
        </Section>
        <hr />
        <h3 className="h6">{t('detail.permitTitle')}</h3>
        {permit && <PermitStatus usage={permit} />}
        {ip && !isLivePermit(permit) && (
          <>
            <p className="small text-muted">{permit ? t('detail.requestAgain') : t('detail.requestIntro')}</p>
            <PermitRequestForm ipKey={String(ip.key)} designerKey={designerKey} onCreated={onRequested} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} data-testid="gallery-detail-close">
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
