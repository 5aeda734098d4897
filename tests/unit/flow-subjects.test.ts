import { describe, expect, it } from 'vitest';
import { bindingForSubject, subjectsOfEntity } from '@/lib/server/flow/subjects';
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
    // offeredStepSql asks the database about these columns: a field read but not named would
    // make records the engine tells apart alike to it.
    const { owner, licensee, designer } = binding.columns;
    expect([...read].sort()).toEqual([owner, licensee, designer].filter((f) => f !== null).sort());
    expect(binding.ownerOf(row)).toBe(owner ? `value-of-${owner}` : null);
    expect(binding.licenseeOf(row)).toBe(licensee ? `value-of-${licensee}` : null);
    expect(binding.designerOf(row)).toBe(designer ? `value-of-${designer}` : null);
  });

  it('IPs follow two flows, other entities one', () => {
    expect(subjectsOfEntity('IP').sort()).toEqual(['ip', 'primary_ip']);
    expect(subjectsOfEntity('License')).toEqual(['license']);
    expect(subjectsOfEntity('Invoice')).toEqual(['invoice']);
  });
});
