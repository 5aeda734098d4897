import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { imageUrl, imagesOf, text, type Row as Rec } from '@/components/flow/approval/subject';
import { ReviewRounds } from '@/components/flow/approval/ReviewHistory';
import { MintCard } from '@/components/ip/public/MintCard';
import { tagName, useTags } from '@/components/ip/data';
import { StateBadge } from '@/components/ip/StateBadge';
import { TagBadge } from '@/components/tags/TagBadge';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useRecord } from '@/lib/client/entities';
import { useHistory } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { useRecordCrumb } from '@/components/kit/shell/record-crumb';
import { Reference } from '@/components/refs/RecordSearch';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <>
      <dt className="col-sm-3 text-muted fw-normal">{label}</dt>
      <dd className="col-sm-9" data-testid={testId} style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </dd>
    </>
  );
}

/**
 * One IP as a page of its own, opened from a designer's page (/{role}/ip/{designer}/{ip}): what
 * it is, its images, guidelines and tags, who made it from which primary IP, and its reviews.
 */
export function IpPageView({ title }: ScreenViewProps) {
  const { t } = useTranslation('ip-page');
  const { lang } = useShell();
  const router = useRouter();
  const ipKey = typeof router.query.ip === 'string' ? router.query.ip : null;
  const { data: ip, isLoading, error } = useRecord<Rec>('IP', ipKey);
  const { data: parent } = useRecord<Rec>('IP', ip?.parent ? text(ip.parent) : null);
  // A primary IP has no designer: its page is reached as /holder/ip/holder/{ip}.
  const { data: designer } = useRecord<Rec>('Designer', ip?.designer ? text(ip.designer) : null);
  const { data: history } = useHistory<Rec>('IP', ip ? text(ip.key) : null);
  const { byKey } = useTags();
  useRecordCrumb(ip ? [text(ip.reference), text(ip.name)].filter(Boolean).join(' ') : null);

  if (isLoading) return <Spinner animation="border" role="status" data-testid="ip-page-loading" />;
  if (!ip || error)
    return (
      <Alert variant="warning" data-testid="ip-page-missing">
        {t('missing')}
      </Alert>
    );
  const images = imagesOf(ip);
  const tags = Array.isArray(ip.tags) ? (ip.tags as unknown[]).map(text) : [];
  const categories = Array.isArray(ip.categories) ? (ip.categories as unknown[]).map(text) : [];
  return (
    <section data-testid="ip-page">
      <div className="d-flex align-items-center gap-2 mb-3 flex-wrap">
        <h1 className="h3 mb-0" data-testid="ip-page-name">
          {text(ip.name) || title}
        </h1>
        <Reference value={ip.reference} />
        <StateBadge state={text(ip.state)} />
        <span className="text-muted small">{t(`kind.${text(ip.kind) || 'secondary'}`)}</span>
      </div>
      <Row className="g-3">
        <Col lg={7}>
          <Card className="mb-3">
            <Card.Body>
              <dl className="row mb-0">
                {designer && (
                  <Field label={t('designer')} testId="ip-page-designer">
                    <Link href={`/${lang}/designer/${text(designer.key)}`}>
                      {text(designer.creator_name) || text(designer.corporate_name)}
                    </Link>
                  </Field>
                )}
                {parent && (
                  <Field label={t('parent')} testId="ip-page-parent">
                    {text(parent.name)}
                  </Field>
                )}
                <Field label={t('description')} testId="ip-page-description">
                  {text(ip.description) || t('none')}
                </Field>
                {text(ip.guidelines) && (
                  <Field label={t('guidelines')} testId="ip-page-guidelines">
                    {text(ip.guidelines)}
                  </Field>
                )}
                {categories.length > 0 && (
                  <Field label={t('categories')} testId="ip-page-categories">
                    {categories.join(', ')}
                  </Field>
                )}
                {tags.length > 0 && (
                  <Field label={t('tags')} testId="ip-page-tags">
                    <span className="d-inline-flex flex-wrap gap-1">
                      {tags.map((key) => {
                        const tag = byKey.get(key);
                        return tag ? <TagBadge key={key} color={tag.color} label={tagName(tag, lang)} /> : null;
                      })}
                    </span>
                  </Field>
                )}
                <Field label={t('created')} testId="ip-page-created">
                  {formatDateTime(ip.dateCreated, t('none'))}
                </Field>
                <Field label={t('updated')} testId="ip-page-updated">
                  {formatDateTime(ip.dateUpdated, t('none'))}
                </Field>
              </dl>
            </Card.Body>
          </Card>
          {history && history.reviews.length > 0 && (
            <Card>
              <Card.Header>{t('reviews')}</Card.Header>
              <Card.Body>
                <ReviewRounds reviews={history.reviews} />
              </Card.Body>
            </Card>
          )}
        </Col>
        <Col lg={5}>
          {images.length === 0 ? (
            <p className="text-muted">{t('noImages')}</p>
          ) : (
            <div className="d-flex flex-wrap gap-2" data-testid="ip-page-images">
              {images.map((image) => (
                <a key={image.hash} href={`/api/files/${image.hash}`} target="_blank" rel="noreferrer">
                  {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path */}
                  <img
                    src={imageUrl(image.hash, 640)}
                    alt={image.name ?? text(ip.name)}
                    width={220}
                    className="rounded border"
                    style={{ objectFit: 'contain' }}
                  />
                </a>
              ))}
            </div>
          )}
          <MintCard ip={ip} />
        </Col>
      </Row>
    </section>
  );
}
