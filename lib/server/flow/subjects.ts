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
  /**
   * The record fields the three above read, and nothing else: who a person is to a record follows
   * from these alone, which offeredStepSql relies on to ask the database instead.
   */
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

/** The flow subjects whose records an entity stores (IP: primary and secondary IPs). */
export function subjectsOfEntity(entity: EntityName): Subject[] {
  return Object.values(bindings)
    .filter((binding) => binding.entity === entity && binding.subject !== 'liquid')
    .map((binding) => binding.subject);
}
