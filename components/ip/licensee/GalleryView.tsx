import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { LicenseApplicationForm } from '@/components/license/LicenseApplicationForm';
import { text, type Row as Rec } from '@/components/flow/approval/subject';
import { keysQuery, useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { IpPicture } from './IpPicture';
import { IpFilterBar, type GalleryFilterValues } from '../gallery/GalleryFilters';
import { useOrganisations } from '../../licensees/useOrganisations';
import { Reference } from '@/components/refs/RecordSearch';
import { useTags } from '@/components/ip/data';
import { TagList } from '@/components/tags/TagFilter';
import type { TagRecord } from '@/components/ip/types';

/**
 * IPs a licensee may apply for: published primary IPs and approved secondary IPs (the states
 * every signed-in person may read). Drafts, reviews in progress and retired IPs are not offered.
 */
export const APPLICABLE_IPS = {
  $or: [
    { kind: 'primary', state: 'published' },
    { kind: 'secondary', state: 'approved' },
  ],
};

function useDesignerNames(keys: string[]) {
  const { data } = useEntityQuery<{ key: string; creator_name: string; corporate_name?: string | null }>(
    'Designer',
    keysQuery(keys),
  );
  return useMemo(() => new Map((data?.items ?? []).map((d) => [d.key, d.corporate_name || d.creator_name])), [data]);
}

/** An IP's tags in their colours, in the page language. */
function GalleryTags({ keys, byKey }: { keys: unknown; byKey: Map<string, TagRecord> }) {
  if (!Array.isArray(keys) || keys.length === 0) return null;
  return (
    <div className="mb-2" data-testid="gallery-card-tags">
      <TagList keys={keys} byKey={byKey} testId="gallery-card-tag" />
    </div>
  );
}

export function GalleryView({ title }: ScreenViewProps) {
  const { t } = useTranslation('licensee');
  const { lang } = useShell();
  const [filters, setFilters] = useState<GalleryFilterValues>({ search: '', tag: '' });
  const { search, tag } = filters;
  const { tags, byKey: tagsByKey } = useTags();
  const [chosen, setChosen] = useState<Rec | null>(null);
  const [applied, setApplied] = useState<Rec | null>(null);
  const { organisations, loading: orgsLoading } = useOrganisations();
  const term = search.trim();
  const { data, isLoading } = useEntityQuery<Rec>('IP', {
    filter: tag ? { $and: [APPLICABLE_IPS, { tags: tag }] } : APPLICABLE_IPS,
    ...(term ? { q: term } : {}),
    sort: { name: 1 },
    limit: 200,
  });
  const ips = useMemo(() => data?.items ?? [], [data]);
  const designerKeys = useMemo(() => [...new Set(ips.map((ip) => text(ip.designer)).filter(Boolean))].sort(), [ips]);
  const designers = useDesignerNames(designerKeys);
  const fixed = organisations.length === 1 ? organisations[0]!.key : undefined;

  return (
    <div data-testid="licensee-gallery">
      <h1 className="h4 mb-3">{title}</h1>
      <p className="text-muted">{t('gallery.intro')}</p>
      <IpFilterBar
        values={filters}
        tags={tags}
        onChange={setFilters}
        texts={{ search: t('gallery.search'), tag: t('gallery.tag'), allTags: t('gallery.allTags') }}
      />
      {applied && (
        <Alert variant="success" dismissible onClose={() => setApplied(null)} data-testid="gallery-applied">
          {t('gallery.applied', { name: text(applied.ipName) })}{' '}
          <Link href={`/${lang}/licensee/list`}>{t('gallery.toList')}</Link>
        </Alert>
      )}
      {isLoading ? (
        <Spinner animation="border" size="sm" />
      ) : ips.length === 0 ? (
        <p className="text-muted" data-testid="gallery-empty">
          {term || tag ? t('gallery.noMatch') : t('gallery.empty')}
        </p>
      ) : (
        <Row xs={1} sm={2} md={3} xl={4} className="g-3">
          {ips.map((ip) => (
            <Col key={text(ip.key)}>
              <Card className="h-100" data-testid="gallery-card" data-ip={text(ip.key)}>
                <IpPicture ip={ip} height={160} />
                <Card.Body className="d-flex flex-column">
                  <Card.Title className="h6 mb-1" data-testid="gallery-card-name">
                    {text(ip.name)}
                  </Card.Title>
                  <div className="small text-muted mb-1">
                    <Reference value={ip.reference} />
                  </div>
                  <GalleryTags keys={ip.tags} byKey={tagsByKey} />
                  <div className="small text-muted mb-2">
                    <Badge bg={ip.kind === 'primary' ? 'primary' : 'info'} className="me-2">
                      {t(`gallery.kind.${ip.kind === 'primary' ? 'primary' : 'secondary'}`)}
                    </Badge>
                    {ip.designer ? (designers.get(text(ip.designer)) ?? '') : t('gallery.noDesigner')}
                  </div>
                  <Button size="sm" className="mt-auto align-self-start" onClick={() => setChosen(ip)} data-testid="gallery-open">
                    {t('gallery.open')}
                  </Button>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal show={Boolean(chosen)} onHide={() => setChosen(null)} size="lg" data-testid="gallery-detail">
        <Modal.Header closeButton>
          <Modal.Title className="h5">
            <Reference value={chosen?.reference} /> {text(chosen?.name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {chosen && (
            <>
              <Row className="mb-3">
                <Col md={4}>
                  <IpPicture ip={chosen} height={180} rounded />
                </Col>
                <Col md={8}>
                  <dl className="row small mb-0">
                    <dt className="col-4">{t('gallery.designer')}</dt>
                    <dd className="col-8">
                      {chosen.designer ? (designers.get(text(chosen.designer)) ?? '') : t('gallery.noDesigner')}
                    </dd>
                    <dt className="col-4">{t('gallery.categories')}</dt>
                    <dd className="col-8">{Array.isArray(chosen.categories) ? chosen.categories.join(', ') : ''}</dd>
                    <dt className="col-4">{t('gallery.tags')}</dt>
                    <dd className="col-8">
                      <GalleryTags keys={chosen.tags} byKey={tagsByKey} />
                    </dd>
                  </dl>
                  {text(chosen.description) && (
                    <p className="small mt-2" style={{ whiteSpace: 'pre-wrap' }}>
                      {text(chosen.description)}
                    </p>
                  )}
                  {text(chosen.guidelines) && (
                    <details className="small">
                      <summary>{t('gallery.guidelines')}</summary>
                      <p className="mt-1" style={{ whiteSpace: 'pre-wrap' }}>
                        {text(chosen.guidelines)}
                      </p>
                    </details>
                  )}
                </Col>
              </Row>
              <h2 className="h6">{t('apply.title')}</h2>
              {fixed && (
                <p className="small text-muted" data-testid="gallery-organisation">
                  {t('gallery.forOrganisation', { name: organisations[0]!.name })}
                </p>
              )}
              {orgsLoading ? (
                <Spinner animation="border" size="sm" />
              ) : organisations.length === 0 ? (
                <Alert variant="warning" data-testid="gallery-no-organisation">
                  {t('gallery.noOrganisation')}
                </Alert>
              ) : (
                <LicenseApplicationForm
                  ipKey={text(chosen.key)}
                  licenseeKey={fixed}
                  licenseeOptions={fixed ? undefined : organisations.map((o) => ({ key: o.key, name: o.name }))}
                  onCreated={(license) => {
                    setApplied({ ...license, ipName: chosen.name });
                    setChosen(null);
                  }}
                />
              )}
            </>
          )}
        </Modal.Body>
      </Modal>
    </div>
  );
}
