import type { EntityName } from '../entities/definitions';
import type { ReferenceKind } from './kinds';

/**
 * The reference kind a new record of an entity draws from, or null for entities people do not
 * quote by number. Exhaustive: a new entity must say which it is.
 */
export function referenceKindOf(entity: EntityName, row: Record<string, unknown>): ReferenceKind | null {
  switch (entity) {
    case 'IP':
      return row.kind === 'primary' ? 'primary_ip' : 'ip';
    case 'Usage':
      return 'usage';
    case 'License':
      return 'license';
    case 'Product':
      return 'product';
    case 'SalesReport':
      return 'sales_report';
    case 'Invoice':
      return 'invoice';
    case 'Tag':
    case 'Holder':
    case 'Designer':
    case 'Licensee':
    case 'Sales':
    case 'Review':
      return null;
    default: {
      const unknown: never = entity;
      throw new Error(`no reference kind for ${String(unknown)}`);
    }
  }
}
