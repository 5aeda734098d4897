import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { DesignerHeader } from './DesignerHeader';
import { DesignerIpTable } from './DesignerIpTable';
import { DocumentCards } from './DocumentCards';
import { FieldList } from './FieldList';
import type { DesignerRecord } from './types';

function LinkedValue({ value }: { value?: string | null }) {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? (
    <a href={value} target="_blank" rel="noreferrer">
      {value}
    </a>
  ) : (
    <>{value}</>
  );
}

/**
 * Every section of the designer view page in the order of SPEC §2: header, Basic Info, accepted terms
 * versions, documents, Contact Information, Location, Corporate (corporate designers only), IPs.
 */
export function DesignerSections({ designer, actions }: { designer: DesignerRecord; actions?: ReactNode }) {
  const { t } = useTranslation('designer-profile');
  const { lang, settings } = useShell();
  const terms = designer.accepted_terms_version ?? {};
  const productVersion = terms[`${settings.productKey}_version`];
  const fullName = (lang === 'jp' ? [designer.name?.last, designer.name?.first] : [designer.name?.first, designer.name?.last])
    .filter(Boolean)
    .join(' ');
  // Another designer's record comes without its private fields (the server's field policy): its public profile.
  if (designer.email === undefined) {
    return (
      <div data-testid="designer-view" data-key={designer.key} data-role={designer.role} data-public-only="true">
        <DesignerHeader designer={designer} actions={actions} />
        <p className="text-muted small" data-testid="designer-public-only">
          {t('view.publicOnly')}
        </p>
        <DesignerIpTable designerKey={designer.key} />
      </div>
    );
  }
  return (
    <div data-testid="designer-view" data-key={designer.key} data-role={designer.role}>
      <DesignerHeader designer={designer} actions={actions} />
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <FieldList
            title={t('sections.basic')}
            testId="section-basic"
            items={[
              { id: 'name', label: t('fields.name'), value: fullName },
              { id: 'creator_name', label: t('fields.creator_name'), value: designer.creator_name },
              { id: 'job_title', label: t('fields.job_title'), value: designer.job_title },
              { id: 'license', label: t('fields.license'), value: designer.license },
              { id: 'achievements', label: t('fields.achievements'), value: designer.achievements },
              { id: 'desc', label: t('fields.desc'), value: designer.desc },
              { id: 'affiliation', label: t('fields.affiliation'), value: designer.affiliation },
              { id: 'linked', label: t('fields.linked'), value: <LinkedValue value={designer.linked} /> },
            ]}
          />
        </Col>
        <Col lg={6}>
          <FieldList
            title={t('sections.terms')}
            testId="section-terms"
            items={[
              { id: 'product_version', label: t('terms.product'), value: productVersion },
              { id: 'designer_version', label: t('terms.designer'), value: terms.designer_version },
              { id: 'terms_updated', label: t('terms.updated'), value: terms.updated ? formatDateTime(terms.updated) : '' },
            ]}
          />
        </Col>
      </Row>
      <Card className="mb-3" data-testid="section-documents">
        <Card.Header as="h3" className="h6 mb-0">
          {t('sections.documents')}
        </Card.Header>
        <Card.Body>
          <DocumentCards documents={designer.document ?? []} />
        </Card.Body>
      </Card>
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <FieldList
            title={t('sections.contact')}
            testId="section-contact"
            items={[
              {
                id: 'perferred_contact',
                label: t('fields.perferred_contact'),
                value: designer.perferred_contact
                  ? t(`contact.${designer.perferred_contact}`, { defaultValue: designer.perferred_contact })
                  : '',
              },
              { id: 'email', label: t('fields.email'), value: designer.email },
              { id: 'tel', label: t('fields.tel'), value: designer.tel },
              { id: 'fax', label: t('fields.fax'), value: designer.fax },
            ]}
          />
        </Col>
        <Col lg={6}>
          <FieldList
            title={t('sections.location')}
            testId="section-location"
            items={[
              { id: 'location', label: t('fields.location'), value: designer.location },
              { id: 'city', label: t('fields.city'), value: designer.address?.city },
              { id: 'country', label: t('fields.country'), value: designer.address?.country },
            ]}
          />
        </Col>
        {designer.role === 'corporate' && (
          <Col lg={6}>
            <FieldList
              title={t('sections.corporate')}
              testId="section-corporate"
              items={[
                { id: 'corporate_name', label: t('fields.corporate_name'), value: designer.corporate_name },
                { id: 'br', label: t('fields.br'), value: designer.br },
                { id: 'responsible_person', label: t('fields.responsible_person'), value: designer.responsible_person },
                { id: 'invno', label: t('fields.invno'), value: designer.invno },
              ]}
            />
          </Col>
        )}
      </Row>
      <DesignerIpTable designerKey={designer.key} />
    </div>
  );
}
