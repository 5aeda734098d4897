import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { InstantSelect } from '@/components/kit/form/InstantSelect';
import { DataTable } from '@/components/kit/table/DataTable';
import { column } from '@/components/kit/table/columns';
import { loadOpenApi } from '@/lib/client/entities';
import { useShell } from '@/lib/client/settings-context';

type JsonSchema = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  readOnly: boolean;
}

/** A property's type as one short text: `string (date-time)`, `array<string>`, `enum: a | b`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return `enum: ${schema.enum.map(String).join(' | ')}`;
  if (Array.isArray(schema.anyOf)) {
    return (schema.anyOf as JsonSchema[])
      .map(typeOf)
      .filter((t) => t && t !== 'null')
      .join(' | ');
  }
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).filter((t) => t !== 'null').join(' | ')
    : String(schema.type ?? 'object');
  if (type === 'array') return `array<${typeOf(schema.items as JsonSchema | undefined) || 'any'}>`;
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

/** The fields of one record schema, in the order /openapi.json lists them. */
export function fieldsOf(schema: JsonSchema | undefined): FieldRow[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    readOnly: property.readOnly === true,
  }));
}

/** Entities are the record schemas that have a `<Name>Create` companion. */
export function entityNames(schemas: Record<string, JsonSchema>): string[] {
  return Object.keys(schemas)
    .filter((name) => schemas[`${name}Create`] && !name.endsWith('Create') && !name.endsWith('Patch'))
    .sort();
}

/** Read-only view of the entity schemas the API publishes in /openapi.json. */
export function EntitySchemas() {
  const { t } = useTranslation('schema');
  const { lang } = useShell();
  const { data, isLoading } = useSWR('openapi-all', async () => (await loadOpenApi())?.components.schemas ?? null, {
    revalidateOnFocus: false,
  });
  const names = useMemo(() => (data ? entityNames(data) : []), [data]);
  const [picked, setPicked] = useState<string>('');
  const current = picked || names[0] || '';
  const fields = useMemo(() => fieldsOf(data?.[current]), [data, current]);
  const columns = [
    column<FieldRow>('field', t('entities.field'), (field) => field.name, {
      hideable: false,
      sortable: true,
      render: (field) => (
        <span className="font-monospace">
          {field.name}
          {field.readOnly && (
            <Badge bg="light" text="dark" className="ms-2 border">
              {t('entities.serverOwned')}
            </Badge>
          )}
        </span>
      ),
    }),
    column<FieldRow>('type', t('entities.type'), (field) => field.type, {
      render: (field) => <span className="font-monospace small">{field.type}</span>,
    }),
    column<FieldRow>('required', t('entities.required'), (field) => (field.required ? t('entities.yes') : ''), {
      render: (field) => (field.required ? <span aria-label={t('entities.yes')}>✓</span> : ''),
    }),
  ];

  if (isLoading) return <Spinner animation="border" size="sm" />;
  if (!data) return <Alert variant="danger">{t('entities.loadFailed')}</Alert>;
  return (
    <div data-testid="entity-schemas">
      <div className="mb-3">
        <InstantSelect
          label={t('entities.pick')}
          showLabel
          value={current}
          options={names.map((name) => ({ value: name, label: name }))}
          onChoose={setPicked}
          style={{ maxWidth: 320 }}
          testId="entity-pick"
        />
      </div>
      <p className="small text-muted">{t('entities.count', { count: fields.length, name: current })}</p>
      <div data-entity={current}>
        <DataTable
          columns={columns}
          rows={fields}
          lang={lang}
          caption={t('entities.count', { count: fields.length, name: current })}
          testId="entity-fields"
          getRowId={(field) => field.name}
          rowProps={(field) => ({ 'data-testid': 'entity-field', 'data-field': field.name })}
          empty={{ message: t('entities.count', { count: 0, name: current }) }}
        />
      </div>
    </div>
  );
}
