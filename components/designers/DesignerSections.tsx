import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { DesignerHeader } from './DesignerHeader';
import { DesignerIpTable } from './DesignerIpTable';
import { DocumentCards } from './DocumentCards';
import { FieldSections, useFieldItems } from './FieldList';
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
  const items = useFieldItems();
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
      <FieldSections
        sections={[
          {
            title: t('sections.basic'),
            testId: 'section-basic',
            items: items([
              ['name', fullName],
              ['creator_name', designer.creator_name],
              ['job_title', designer.job_title],
              ['license', designer.license],
              ['achievements', designer.achievements],
              ['desc', designer.desc],
              ['affiliation', designer.affiliation],
              ['linked', <LinkedValue key="linked" value={designer.linked} />],
            ]),
          },
          {
            title: t('sections.terms'),
            testId: 'section-terms',
            items: [
              { id: 'product_version', label: t('terms.product'), value: productVersion },
              { id: 'designer_version', label: t('terms.designer'), value: terms.designer_version },
              { id: 'terms_updated', label: t('terms.updated'), value: terms.updated ? formatDateTime(terms.updated) : '' },
            ],
          },
        ]}
      />
      <Card className="mb-3" data-testid="section-documents">
        <Card.Header as="h3" className="h6 mb-0">
          {t('sections.documents')}
        </Card.Header>
        <Card.Body>
          <DocumentCards documents={designer.document ?? []} />
        </Card.Body>
      </Card>
      <FieldSections
        sections={[
          {
            title: t('sections.contact'),
            testId: 'section-contact',
            items: items([
              [
                'perferred_contact',
                designer.perferred_contact
                  ? t(`contact.${designer.perferred_contact}`, { defaultValue: designer.perferred_contact })
                  : '',
              ],
              ['email', designer.email],
              ['tel', designer.tel],
              ['fax', designer.fax],
            ]),
          },
          {
            title: t('sections.location'),
            testId: 'section-location',
            items: items([
              ['location', designer.location],
              ['city', designer.address?.city],
              ['country', designer.address?.country],
            ]),
          },
          designer.role === 'corporate' && {
            title: t('sections.corporate'),
            testId: 'section-corporate',
            items: items([
              ['corporate_name', designer.corporate_name],
              ['br', designer.br],
              ['responsible_person', designer.responsible_person],
              ['invno', designer.invno],
            ]),
          },
        ]}
      />
      <DesignerIpTable designerKey={designer.key} />
    </div>
  );
}
