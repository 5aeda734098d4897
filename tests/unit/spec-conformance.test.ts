import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * tests/SPEC-CONFORMANCE.md lists every observable statement of SPEC §2 Layout, §4, §8 and §9 with
 * the tests that check it. A listed test that no longer exists (renamed, deleted) fails here, so
 * the specification stays the suite's checklist.
 */
const root = path.resolve(__dirname, '..', '..');
const table = fs.readFileSync(path.join(root, 'tests/SPEC-CONFORMANCE.md'), 'utf8');
const rows = table
  .split('\n')
  .filter((line) => /^\| §\d/.test(line))
  .map((line) => {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    return { section: cells[1]!, statement: cells[2]!, tests: cells[3]!.split('<br>').map((t) => t.trim()) };
  });

describe('SPEC conformance checklist (tests/SPEC-CONFORMANCE.md)', () => {
  it('covers §2 Layout, §4, §8 and §9', () => {
    for (const section of ['§2 Layout', '§4', '§8', '§9']) {
      expect(rows.filter((r) => r.section === section).length, section).toBeGreaterThan(5);
    }
  });

  for (const row of rows) {
    it(`${row.section}: ${row.statement}`, () => {
      expect(row.tests.length).toBeGreaterThan(0);
      for (const ref of row.tests) {
        const [file, title] = ref.split(' › ').map((part) => part.trim());
        const source = fs.readFileSync(path.join(root, file!), 'utf8');
        expect(source.includes(title!), `${file} has no test named like "${title}"`).toBe(true);
      }
    });
  }
});
