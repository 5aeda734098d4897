import { Fragment, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { formatDay, formatMoney, formatRate } from '@/components/flow/approval/subject';
import { LicenseApplicationForm } from '@/components/license/LicenseApplicationForm';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useDesignerList, useMyDesigner, type Row } from '../../ip/gallery/data';
import { FlowState } from '../../flow/FlowState';
import { HistoryPanel } from '../../flow/HistoryPanel';
import { NeedsDesigner } from '../../designers/NeedsDesigner';
import { RecordSearch, Reference, matchesSearch } from '@/components/refs/RecordSearch';

/**
 * designer/license: apply for a license of one of my approved secondary IPs for a licensee
 * organisation, and follow my applications with their review history.
 */
export function LicenseView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { lang } = useShell();
  const { designer, isLoading, failed } = useMyDesigner();
  const designerKey = designer ? String(designer.key) : null;
  const myIps = useEntityQuery<Row>(
    'IP',
    designerKey
      ? { filter: { kind: 'secondary', state: 'approved', designer: designerKey }, sort: { name: 1 }, limit: 500 }
      : null,
  );
  const organisations = useDesignerList<{ key: string; name: string }>('licensees', designerKey);
  const applications = useDesignerList<Row>('licenses', designerKey);
  const [ipKey, setIpKey] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [q, setQ] = useState('');

  if (!designer)
    return (
      <section>
        <h1 className="h3 mb-3">{title}</h1>
        <NeedsDesigner state={isLoading && designer === undefined ? 'loading' : failed ? 'failed' : 'missing'} />
      </section>
    );

  const ips = myIps.data?.items ?? [];
  const ipName = (key: string) => String(ips.find((ip) => String(ip.key) === key)?.name ?? '');

  return (
    <section data-testid="designer-license">
      <h1 className="h3 mb-2">{title}</h1>
      <p className="text-muted">{t('license.intro')}</p>
      {applied && (
        <Alert variant="success" dismissible onClose={() => setApplied(null)} data-testid="license-applied">
          {t('license.applied', { name: applied })}
        </Alert>
      )}
      <Card className="mb-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {t('license.formTitle')}
          </Card.Title>
          {myIps.isLoading || organisations.isLoading ? (
            <Spinner animation="border" size="sm" role="status" />
          ) : ips.length === 0 ? (
            <p className="text-muted mb-0" data-testid="license-no-ips">
              {t('license.noIps')} <Link href={`/${lang}/designer/iplist`}>{t('license.toIplist')}</Link>
            </p>
          ) : (organisations.data ?? []).length === 0 ? (
            // Only the organisations the designer works with (or was invited by) are offered.
            <p className="text-muted mb-0" data-testid="license-no-organisations">
              {t('license.noOrganisations')} <Link href={`/${lang}/invite`}>{t('license.toInvitations')}</Link>
            </p>
          ) : (
            <>
              <Form.Group className="mb-3" controlId="license-ip">
                <Form.Label>{t('license.ip')}</Form.Label>
                <Form.Select value={ipKey} onChange={(e) => setIpKey(e.target.value)} data-testid="license-ip">
                  <option value="">{t('license.chooseIp')}</option>
                  {ips.map((ip) => (
                    <option key={String(ip.key)} value={String(ip.key)}>
                      {String(ip.name ?? '')}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              {ipKey ? (
                <LicenseApplicationForm
                  key={ipKey}
                  ipKey={ipKey}
                  licenseeOptions={organisations.data ?? []}
                  onCreated={(license) => {
                    setApplied([String(license.reference ?? ''), ipName(String(license.ip ?? ipKey))].filter(Boolean).join(' '));
                    setIpKey('');
                    void applications.mutate();
                  }}
                />
              ) : (
                <p className="small text-muted mb-0">{t('license.chooseFirst')}</p>
              )}
            </>
          )}
        </Card.Body>
      </Card>
      <h2 className="h5">{t('license.listTitle')}</h2>
      {Boolean(applications.data?.length) && <RecordSearch onSearch={setQ} testId="license-search" />}
      {applications.isLoading ? (
        <Spinner animation="border" role="status" />
      ) : applications.data === null ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : !applications.data?.length ? (
        <p className="text-muted border rounded p-4 text-center" data-testid="license-empty">
          {t('license.empty')}
        </p>
      ) : (
        <Table responsive hover className="align-middle" data-testid="license-table">
          <thead>
            <tr>
              <th>{t('license.reference')}</th>
              <th>{t('license.ip')}</th>
              <th>{t('license.licensee')}</th>
              <th>{t('license.state')}</th>
              <th>{t('license.term')}</th>
              <th className="text-end">{t('license.rate')}</th>
              <th className="text-end">{t('license.minimum')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {applications.data
              .filter((license) =>
                matchesSearch([license.reference, license.ipName, license.licenseeName].map((v) => String(v ?? '')).join(' '), q),
              )
              .map((license) => {
                const key = String(license.key);
                const open = openKey === key;
                return (
                  <Fragment key={key}>
                    <tr data-testid="license-row" data-key={key}>
                      <td>
                        <Reference value={license.reference} />
                      </td>
                      <td className="text-break">{String(license.ipName ?? '—')}</td>
                      <td className="text-break" data-testid="license-row-licensee">
                        {String(license.licenseeName ?? '—')}
                      </td>
                      <td>
                        <FlowState state={license.state} testId="license-row-state" />
                      </td>
                      <td className="text-nowrap small">
                        {formatDay(license.term_start)} – {formatDay(license.term_end)}
                      </td>
                      <td className="text-end">{formatRate(license.royalty_rate_bp, lang)}</td>
                      <td className="text-end">{formatMoney(license.minimum_guarantee, license.currency, lang)}</td>
                      <td className="text-end">
                        <Button
                          variant="link"
                          size="sm"
                          onClick={() => setOpenKey(open ? null : key)}
                          aria-expanded={open}
                          data-testid="license-row-history"
                        >
                          {open ? t('history.hide') : t('history.show')}
                        </Button>
                      </td>
                    </tr>
                    {open && (
                      <tr>
                        <td colSpan={8} className="bg-body-tertiary">
                          <HistoryPanel entity="License" subjectKey={key} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
