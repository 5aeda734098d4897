import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Link from 'next/link';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'next-i18next/pages';
import { LicenseApplicationForm } from '@/components/license/LicenseApplicationForm';
import { Form } from '@/components/kit/form/Form';
import { SelectField } from '@/components/kit/form/SelectField';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { useEntityQuery } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';
import { useDesignerList, useMyDesigner, type Row } from '../../ip/gallery/data';
import { FlowState } from '../../flow/FlowState';
import { useHistoryRows } from '../../flow/use-history-rows';
import { NeedsDesigner } from '../../designers/NeedsDesigner';
import { RecordSearch, matchesSearch } from '@/components/refs/RecordSearch';
import { licenseColumns } from '../license-columns';

/**
 * designer/license: apply for a license of one of my approved secondary IPs for a licensee
 * organisation, and follow my applications with their review history.
 */
export function LicenseView({ title }: ScreenViewProps) {
  const { t } = useTranslation('designer');
  const { t: tf } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
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
  // Choosing the IP only picks which application form to show: nothing is sent from here.
  const chooser = useForm<{ ip: string }>({ defaultValues: { ip: '' } });
  const ipKey = useWatch({ control: chooser.control, name: 'ip' });
  const [applied, setApplied] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const history = useHistoryRows<Row>('License', (l) => String(l.key), 'license-row-history');

  if (!designer)
    return (
      <section>
        <h1 className="h3 mb-3">{title}</h1>
        <NeedsDesigner state={isLoading && designer === undefined ? 'loading' : failed ? 'failed' : 'missing'} />
      </section>
    );

  const ips = myIps.data?.items ?? [];
  const ipName = (key: string) => String(ips.find((ip) => String(ip.key) === key)?.name ?? '');
  const columns = [
    licenseColumns.reference(t('license.reference')),
    column<Row>('ip', t('license.ip'), (l) => String(l.ipName ?? '—'), { sortable: true }),
    column<Row>('licensee', t('license.licensee'), (l) => String(l.licenseeName ?? '—'), {
      sortable: true,
      testId: 'license-row-licensee',
    }),
    column<Row>('state', t('license.state'), (l) => tf(`state.${String(l.state)}`), {
      render: (l) => <FlowState state={l.state} testId="license-row-state" />,
    }),
    licenseColumns.term(t('license.term')),
    licenseColumns.rate(t('license.rate')),
    licenseColumns.amount('minimum_guarantee', t('license.minimum')),
    history.column,
  ];
  const shown = applications.data?.filter((license) =>
    matchesSearch([license.reference, license.ipName, license.licenseeName].map((v) => String(v ?? '')).join(' '), q),
  );

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
              <Form form={chooser} onSubmit={() => undefined}>
                <SelectField
                  name="ip"
                  label={t('license.ip')}
                  placeholder={t('license.chooseIp')}
                  options={ips.map((ip) => ({ value: String(ip.key), label: String(ip.name ?? '') }))}
                  testId="license-ip"
                />
              </Form>
              {ipKey ? (
                <LicenseApplicationForm
                  key={ipKey}
                  ipKey={ipKey}
                  licenseeOptions={organisations.data ?? []}
                  onCreated={(license) => {
                    setApplied([String(license.reference ?? ''), ipName(String(license.ip ?? ipKey))].filter(Boolean).join(' '));
                    chooser.reset({ ip: '' });
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
      {applications.data === null ? (
        <Alert variant="danger">{t('loadFailed')}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rows={shown}
          lang={lang}
          caption={t('license.listTitle')}
          getRowId={(l) => String(l.key)}
          rowProps={(l) => ({ 'data-testid': 'license-row', 'data-key': String(l.key) })}
          renderExpanded={history.renderExpanded}
          empty={{
            message: applications.data?.length ? (
              tc('search.none')
            ) : (
              <span data-testid="license-empty">{t('license.empty')}</span>
            ),
          }}
          testId="license-table"
          csvName="licenses.csv"
        />
      )}
    </section>
  );
}
