import Badge from 'react-bootstrap/Badge';
import { column } from '@/components/kit/table/columns';
import { formatDay, text, type Row } from '@/components/flow/approval/subject';
import { licenseStateVariant } from './states';

/**
 * The columns every list of licenses shows alike (the licensee's, the designer's, the holder's
 * contracts): reference, state, term, rate and amounts, formatted by the table kit.
 */
export const licenseColumns = {
  reference: (header: string) =>
    column<Row>('reference', header, (l) => text(l.reference), { kind: 'reference', hideable: false, sortable: true }),
  state: (header: string, label: (state: string) => string, testId: string) =>
    column<Row>('state', header, (l) => label(text(l.state)), {
      sortable: true,
      render: (l) => (
        <Badge bg={licenseStateVariant(text(l.state))} data-testid={testId}>
          {label(text(l.state))}
        </Badge>
      ),
    }),
  term: (header: string) =>
    column<Row>('term', header, (l) => `${formatDay(l.term_start)} – ${formatDay(l.term_end)}`, { sortable: true }),
  rate: (header: string) => column<Row>('rate', header, (l) => l.royalty_rate_bp, { kind: 'rate', sortable: true }),
  amount: (id: 'minimum_guarantee' | 'advance', header: string) =>
    column<Row>(id, header, (l) => l[id], { kind: 'amount', currency: (l) => l.currency, sortable: true }),
};
