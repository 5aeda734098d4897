import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'next-i18next/pages';
import type { ScreenViewProps } from '@/components/kit/shell/withPage';
import { CredentialSchemas } from './CredentialSchemas';
import { EntitySchemas } from './EntitySchemas';

/** /sys/schema (data maintenance): the entity schemas of the API and the credential schemas. */
export function SchemaView({ title }: ScreenViewProps) {
  const { t } = useTranslation('schema');
  return (
    <div data-testid="schema-page">
      <h1 className="h4 mb-3">{title}</h1>
      <Tabs defaultActiveKey="entities" className="mb-3" mountOnEnter data-testid="schema-tabs">
        <Tab eventKey="entities" title={<span data-testid="tab-entities">{t('tabs.entities')}</span>}>
          <p className="small text-muted">{t('entities.intro')}</p>
          <EntitySchemas />
        </Tab>
        <Tab eventKey="credentials" title={<span data-testid="tab-credentials">{t('tabs.credentials')}</span>}>
          <p className="small text-muted">{t('credentials.intro')}</p>
          <CredentialSchemas />
        </Tab>
      </Tabs>
    </div>
  );
}
