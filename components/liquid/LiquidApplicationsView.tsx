import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { useShell } from '@/lib/client/settings-context';
import { ApplicationDetail } from './ApplicationDetail';
import { LIQUID_STATES, useApplications, type LiquidApplication, type LiquidState } from './liquid-api';

/** /holder/applications: admin and product staff review applications to become a designer. */
export function LiquidApplicationsView({ title }: ScreenViewProps) {
  const { t } = useTranslation('liquid');
  const { t: tp } = useTranslation('designer-profile');
  const { t: tf } = useTranslation('flow');
  const [state, setState] = useState<LiquidState | ''>('applied');
  const [selected, setSelected] = useState<string | null>(null);
  const { data: applications, error, mutate } = useApplications(state);
  const { lang } = useShell();
  const current = applications?.find((a) => a.key === selected) ?? null;
  const columns = [
    column<LiquidApplication>('creator', tp('fields.creator_name'), (a) => String(a.profile.creator_name ?? ''), {
      sortable: true,
      hideable: false,
      render: (a) => (
        <button
          type="button"
          className="btn btn-link p-0 text-start"
          onClick={() => setSelected(a.key)}
          aria-pressed={a.key === selected}
          data-testid="liquid-open"
        >
          {String(a.profile.creator_name ?? '')}
        </button>
      ),
    }),
    column<LiquidApplication>('applicant', t('list.applicant'), (a) => a.applicant_email ?? a.applicant_name ?? '', {
      sortable: true,
    }),
    column<LiquidApplication>('role', tp('fields.role'), (a) => tp(`role.${a.role}`)),
    column<LiquidApplication>('state', t('list.state'), (a) => tf(`state.${a.state}`), {
      render: (a) => <Badge bg={stateVariant(a.state)}>{tf(`state.${a.state}`)}</Badge>,
    }),
    column<LiquidApplication>('date', t('list.date'), (a) => a.dateCreated, { kind: 'datetime', sortable: true }),
  ];

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
      <Row className="g-3">
        <Col xs={12}>
          <DataTable
            columns={columns}
            rows={applications}
            lang={lang}
            caption={title}
            error={error}
            onRetry={() => void mutate()}
            getRowId={(a) => a.key}
            rowProps={(a) => ({
              className: a.key === selected ? 'table-active' : undefined,
              'aria-selected': a.key === selected ? 'true' : undefined,
              'data-testid': 'liquid-row',
              'data-key': a.key,
              'data-email': a.applicant_email ?? '',
            })}
            empty={{ message: <span data-testid="liquid-list-empty">{t('list.empty')}</span> }}
            testId="liquid-list"
            csvName="applications.csv"
          />
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
    </>
  );
}
