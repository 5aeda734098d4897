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
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

const bindings: Record<Subject, SubjectBinding> = {
  primary_ip: {
    subject: 'primary_ip',
    entity: 'IP',
    ownerOf: (r) => text(r.owner),
    licenseeOf: () => null,
    designerOf: () => null,
    fields: ['owner'],
  },
  ip: {
    subject: 'ip',
    entity: 'IP',
    ownerOf: (r) => text(r.owner),
    licenseeOf: () => null,
    designerOf: (r) => text(r.designer),
    fields: ['owner', 'designer'],
  },
  usage: {
    subject: 'usage',
    entity: 'Usage',
    ownerOf: (r) => text(r.applicant),
    licenseeOf: () => null,
    designerOf: (r) => text(r.designer),
    fields: ['applicant', 'designer'],
  },
  license: {
    subject: 'license',
    entity: 'License',
    ownerOf: (r) => text(r.applicant),
    licenseeOf: (r) => text(r.licensee),
    designerOf: (r) => text(r.designer),
    fields: ['applicant', 'licensee', 'designer'],
  },
  product: {
    subject: 'product',
    entity: 'Product',
    ownerOf: (r) => text(r.owner),
    licenseeOf: (r) => text(r.licensee),
    designerOf: (r) => text(r.designer),
    fields: ['owner', 'licensee', 'designer'],
  },
  // The sales flow runs on the report; its rows follow it (after-state.ts).
  sales: {
    subject: 'sales',
    entity: 'SalesReport',
    ownerOf: (r) => text(r.owner),
    licenseeOf: (r) => text(r.licensee),
    designerOf: () => null,
    fields: ['owner', 'licensee'],
  },
  invoice: {
    subject: 'invoice',
    entity: 'Invoice',
    ownerOf: (r) => text(r.owner),
    licenseeOf: (r) => text(r.licensee),
    designerOf: () => null,
    fields: ['owner', 'licensee'],
  },
  liquid: {
    subject: 'liquid',
    entity: 'Review',
    ownerOf: () => null,
    licenseeOf: () => null,
    designerOf: () => null,
    fields: [],
  },
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
