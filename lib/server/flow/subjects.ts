import type { EntityName } from '../entities/definitions';
import type { Subject } from './types';

type Row = Record<string, unknown>;

/** How a flow subject sits in its entity's table: who applied, which organisation, which designer. */
export interface SubjectBinding {
  subject: Subject;
  entity: EntityName;
  ownerOf: (row: Row) => string | null;
  licenseeOf: (row: Row) => string | null;
  designerOf: (row: Row) => string | null;
  /** The record fields the three above read: who a person is to a record follows from these alone. */
  fields: readonly string[];
  /** Which of those fields holds the owner, the organisation and the designer (null: none). */
  columns: { owner: string | null; licensee: string | null; designer: string | null };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A binding whose owner, organisation and designer are the named fields of its records. */
function bind(subject: Subject, entity: EntityName, columns: SubjectBinding['columns']): SubjectBinding {
  const reader = (field: string | null) => (field ? (row: Row) => text(row[field]) : () => null);
  return {
    subject,
    entity,
    ownerOf: reader(columns.owner),
    licenseeOf: reader(columns.licensee),
    designerOf: reader(columns.designer),
    fields: [columns.owner, columns.licensee, columns.designer].filter((f): f is string => f !== null),
    columns,
  };
}

const bindings: Record<Subject, SubjectBinding> = {
  primary_ip: bind('primary_ip', 'IP', { owner: 'owner', licensee: null, designer: null }),
  ip: bind('ip', 'IP', { owner: 'owner', licensee: null, designer: 'designer' }),
  usage: bind('usage', 'Usage', { owner: 'applicant', licensee: null, designer: 'designer' }),
  license: bind('license', 'License', { owner: 'applicant', licensee: 'licensee', designer: 'designer' }),
  product: bind('product', 'Product', { owner: 'owner', licensee: 'licensee', designer: 'designer' }),
  // The sales flow runs on the report; its rows follow it (after-state.ts).
  sales: bind('sales', 'SalesReport', { owner: 'owner', licensee: 'licensee', designer: null }),
  invoice: bind('invoice', 'Invoice', { owner: 'owner', licensee: 'licensee', designer: null }),
  liquid: bind('liquid', 'Review', { owner: null, licensee: null, designer: null }),
};

/** The flow a stored record follows; null for entities without one. */
export function bindingForRecord(entity: EntityName, row: Row): SubjectBinding | null {
  switch (entity) {
    case 'IP':
      return row.kind === 'primary' ? bindings.primary_ip : bindings.ip;
    case 'Usage':
      return bindings.usage;
    case 'License':
      return bindings.license;
    case 'Product':
      return bindings.product;
    case 'SalesReport':
      return bindings.sales;
    case 'Invoice':
      return bindings.invoice;
    default:
      return null;
  }
}

export function bindingForSubject(subject: Subject): SubjectBinding {
  return bindings[subject];
}

/**
 * The fields of an entity's stored records that decide which flow a record follows and who a
 * person is to it (its state aside): records alike in these are alike to the flow engine.
 */
export function recordFlowFields(entity: EntityName): string[] {
  const fields = new Set<string>(entity === 'IP' ? ['kind'] : []);
  for (const subject of subjectsOfEntity(entity)) for (const field of bindings[subject].fields) fields.add(field);
  return [...fields];
}

/** The flow subjects whose records an entity stores (IP: primary and secondary IPs). */
export function subjectsOfEntity(entity: EntityName): Subject[] {
  return Object.values(bindings)
    .filter((binding) => binding.entity === entity && binding.subject !== 'liquid')
    .map((binding) => binding.subject);
}
