import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import type { ApprovalKind, History } from '@/lib/client/flow';
import { formatDateTime } from '@/lib/format/time';
import { FieldValue } from './SubjectFields';
import { FIELDS_OF, comparable, type Row as Rec } from './subject';

/**
 * Two versions of a record (as it entered two review rounds) side by side; fields that
 * differ are highlighted. Offered only when there are at least two versions.
 */
export function VersionCompare({ kind, versions }: { kind: ApprovalKind; versions: History<Rec>['versions'] }) {
  const { t } = useTranslation('approval');
  const [open, setOpen] = useState(false);
  // Which two versions are compared: nothing is sent, the choice only redraws the table below.
  const chooser = useForm<{ left: string; right: string }>({
    defaultValues: { left: String(Math.max(0, versions.length - 2)), right: String(versions.length - 1) },
  });
  const chosen = useWatch({ control: chooser.control });
  if (versions.length < 2) return null;
  const leftIndex = Math.min(Number(chosen.left ?? 0), versions.length - 1);
  const rightIndex = Math.min(Number(chosen.right ?? 0), versions.length - 1);
  const a = versions[leftIndex]!;
  const b = versions[rightIndex]!;
  // Numbered by when each version was taken: a flow with two review steps has two rounds numbered 1.
  const label = (index: number) => t('versions.label', { round: index + 1, date: formatDateTime(versions[index]!.dateCreated) });
  const options = versions.map((_, i) => ({ value: String(i), label: label(i) }));
  const changedCount = FIELDS_OF[kind].filter((f) => comparable(a.data, f) !== comparable(b.data, f)).length;
  return (
    <section className="mb-3" data-testid="version-compare">
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="compare-versions"
      >
        {open ? t('versions.hide') : t('versions.compare', { count: versions.length })}
      </Button>
      {open && (
        <div className="mt-2" data-testid="compare-panel">
          <Form form={chooser} onSubmit={() => undefined}>
            <Row className="g-2 mb-2">
              {(['left', 'right'] as const).map((side) => (
                <Col sm={6} key={side}>
                  <SelectField name={side} label={t(`versions.${side}`)} options={options} testId={`compare-${side}`} />
                </Col>
              ))}
            </Row>
          </Form>
          <p className="small text-muted mb-1" data-testid="compare-summary">
            {changedCount === 0 ? t('versions.same') : t('versions.changed', { count: changedCount })}
          </p>
          <Table size="sm" bordered className="mb-0" style={{ tableLayout: 'fixed' }}>
            <thead>
              <tr>
                <th style={{ width: '20%' }}>{t('versions.field')}</th>
                <th>{label(leftIndex)}</th>
                <th>{label(rightIndex)}</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS_OF[kind].map((field) => {
                const changed = comparable(a.data, field) !== comparable(b.data, field);
                return (
                  <tr
                    key={field}
                    className={changed ? 'table-warning' : undefined}
                    data-testid={`compare-row-${field}`}
                    data-changed={changed ? 'true' : 'false'}
                  >
                    <th scope="row" className="fw-normal">
                      {t(`field.${field}`)}
                      {changed && <span className="visually-hidden"> ({t('versions.changedMark')})</span>}
                    </th>
                    <td data-testid={`compare-left-${field}`} style={{ wordBreak: 'break-word' }}>
                      <FieldValue field={field} record={a.data} compact />
                    </td>
                    <td data-testid={`compare-right-${field}`} style={{ wordBreak: 'break-word' }}>
                      <FieldValue field={field} record={b.data} compact />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
