import { describe, expect, it } from 'vitest';
import { bindingForSubject, recordFlowFields } from '@/lib/server/flow/subjects';
import type { Subject } from '@/lib/server/flow/types';

const SUBJECTS: Subject[] = ['primary_ip', 'ip', 'usage', 'license', 'product', 'sales', 'invoice', 'liquid'];

/** A record that notes every field read from it, each holding a value of its own name. */
function watchedRow(read: Set<string>): Record<string, unknown> {
  return new Proxy({} as Record<string, unknown>, {
    get: (_, field) => {
      read.add(String(field));
      return `value-of-${String(field)}`;
    },
  });
}

describe('flow subject bindings', () => {
  it.each(SUBJECTS)('%s: who a person is to a record is read from the fields it names, and only from them', (subject) => {
    const binding = bindingForSubject(subject);
    const read = new Set<string>();
    const row = watchedRow(read);
    binding.ownerOf(row);
    binding.licenseeOf(row);
    binding.designerOf(row);
    // The home groups records by these fields (waitingSteps): a field read but not named would
    // put records the engine tells apart into one group.
    expect([...read].sort()).toEqual([...binding.fields].sort());
  });

  it('an entity groups by the fields of every flow it stores, and IPs by their kind too', () => {
    expect(recordFlowFields('IP').sort()).toEqual(['designer', 'kind', 'owner']);
    expect(recordFlowFields('License').sort()).toEqual(['applicant', 'designer', 'licensee']);
    expect(recordFlowFields('Invoice').sort()).toEqual(['licensee', 'owner']);
  });
});
