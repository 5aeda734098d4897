import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import useSWR from 'swr';
import { loadOpenApi } from '@/lib/client/entities';

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
  const { data, isLoading } = useSWR('openapi-all', async () => (await loadOpenApi())?.components.schemas ?? null, {
    revalidateOnFocus: false,
  });
  const names = useMemo(() => (data ? entityNames(data) : []), [data]);
  const [picked, setPicked] = useState<string>('');
  const current = picked || names[0] || '';
  const fields = useMemo(() => fieldsOf(data?.[current]), [data, current]);

  if (isLoading) return <Spinner animation="border" size="sm" />;
  if (!data) return <Alert variant="danger">{t('entities.loadFailed')}</Alert>;
  return (
    <div data-testid="entity-schemas">
      <Form.Group className="mb-3" style={{ maxWidth: 320 }} controlId="entity-schema-pick">
        <Form.Label>{t('entities.pick')}</Form.Label>
        <Form.Select value={current} onChange={(e) => setPicked(e.target.value)} data-testid="entity-pick">
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <p className="small text-muted">{t('entities.count', { count: fields.length, name: current })}</p>
      <Table size="sm" striped responsive data-testid="entity-fields" data-entity={current}>
        <thead>
          <tr>
            <th>{t('entities.field')}</th>
            <th>{t('entities.type')}</th>
            <th>{t('entities.required')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} data-testid="entity-field" data-field={field.name}>
              <td className="font-monospace">
                {field.name}
                {field.readOnly && (
                  <Badge bg="light" text="dark" className="ms-2 border">
                    {t('entities.serverOwned')}
                  </Badge>
                )}
              </td>
              <td className="font-monospace small">{field.type}</td>
              <td>{field.required ? <span aria-label={t('entities.yes')}>✓</span> : ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
