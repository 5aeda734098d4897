import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { formatDateTime } from '@/lib/format/time';
import { ApplicationDetail } from './ApplicationDetail';
import { LIQUID_STATES, useApplications, type LiquidState } from './liquid-api';

/** /holder/applications: admin and product staff review applications to become a designer. */
export function LiquidApplicationsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('liquid');
  const { t: tp } = useTranslation('designer-profile');
  const { t: tf } = useTranslation('flow');
  const [state, setState] = useState<LiquidState | ''>('applied');
  const [selected, setSelected] = useState<string | null>(null);
  const { data: applications, error, isLoading, mutate } = useApplications(state);
  const current = applications?.find((a) => a.key === selected) ?? null;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <Nav
        variant="tabs"
        className="mb-3"
        activeKey={state || 'all'}
        onSelect={(key) => {
          setSelected(null);
          setState(key === 'all' || !key ? '' : (key as LiquidState));
        }}
      >
        {LIQUID_STATES.map((s) => (
          <Nav.Item key={s}>
            <Nav.Link eventKey={s} data-testid={`liquid-tab-${s}`}>
              {tf(`state.${s}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
        <Nav.Item>
          <Nav.Link eventKey="all" data-testid="liquid-tab-all">
            {t('list.all')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {error && <Alert variant="danger">{t('loadFailed')}</Alert>}
      {isLoading && <Spinner animation="border" size="sm" />}
      {applications && (
        <Row className="g-3">
          <Col xs={12}>
            {applications.length === 0 ? (
              <p className="text-muted" data-testid="liquid-list-empty">
                {t('list.empty')}
              </p>
            ) : (
              <Table hover responsive size="sm" className="text-nowrap" data-testid="liquid-list">
                <thead>
                  <tr>
                    <th>{tp('fields.creator_name')}</th>
                    <th>{t('list.applicant')}</th>
                    <th>{tp('fields.role')}</th>
                    <th>{t('list.state')}</th>
                    <th>{t('list.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {applications.map((a) => (
                    <tr
                      key={a.key}
                      onClick={() => setSelected(a.key)}
                      style={{ cursor: 'pointer' }}
                      className={a.key === selected ? 'table-active' : undefined}
                      data-testid="liquid-row"
                      data-key={a.key}
                      data-email={a.applicant_email ?? ''}
                    >
                      <td>{String(a.profile.creator_name ?? '')}</td>
                      <td className="small">{a.applicant_email ?? a.applicant_name ?? ''}</td>
                      <td>{tp(`role.${a.role}`)}</td>
                      <td>
                        <Badge bg={stateVariant(a.state)}>{tf(`state.${a.state}`)}</Badge>
                      </td>
                      <td className="small text-nowrap">{formatDateTime(a.dateCreated)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Col>
          {current && (
            <Col xs={12}>
              <ApplicationDetail
                key={`${current.key}-${current.state}`}
                application={current}
                onMoved={(moved) => {
                  // Follow the application to the tab of its new state, so the next step is at hand.
                  if (state && state !== moved) setState(moved);
                  else void mutate();
                }}
              />
            </Col>
          )}
        </Row>
      )}
    </>
  );
}
