import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';

export interface FieldItem {
  id: string;
  label: string;
  value: ReactNode;
}

/** One titled card of label/value pairs; an empty value shows a dash. */
export function FieldList({ title, testId, items }: { title: string; testId: string; items: FieldItem[] }) {
  const { t } = useTranslation('designer-profile');
  return (
    <Card className="mb-3 h-100" data-testid={testId}>
      <Card.Header as="h3" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body>
        <dl className="row mb-0">
          {items.map((item) => (
            <Fragment key={item.id}>
              <dt className="col-sm-5 text-muted fw-normal" style={{ wordBreak: 'keep-all', overflowWrap: 'normal' }}>
                {item.label}
              </dt>
              <dd className="col-sm-7" style={{ whiteSpace: 'pre-wrap' }} data-testid={`field-${item.id}`}>
                {item.value === null || item.value === undefined || item.value === '' ? (
                  <span className="text-muted">{t('view.none')}</span>
                ) : (
                  item.value
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}

export interface FieldSection {
  title: string;
  testId: string;
  items: FieldItem[];
}

/** Titled cards of label/value pairs, two abreast on wide screens; a false entry is left out. */
export function FieldSections({ sections }: { sections: (FieldSection | false)[] }) {
  return (
    <Row className="g-3 mb-3">
      {sections.map(
        (section) =>
          section && (
            <Col lg={6} key={section.testId}>
              <FieldList {...section} />
            </Col>
          ),
      )}
    </Row>
  );
}

/** Items labelled by the profile field they show (`fields.<id>`). */
export function useFieldItems() {
  const { t } = useTranslation('designer-profile');
  return (entries: [string, ReactNode][]): FieldItem[] => entries.map(([id, value]) => ({ id, label: t(`fields.${id}`), value }));
}
