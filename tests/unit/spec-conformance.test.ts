import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * tests/SPEC-CONFORMANCE.md lists every observable statement of SPEC §2 Layout, §4, §8 and §9 with
 * the tests that check it. A listed test that no longer exists (renamed, deleted) fails here, so
 * the specification stays the suite's checklist.
 */
const root = path.resolve(__dirname, '..', '..');

/**
 * Whether the text stands in the title of a test or describe block, not merely somewhere in the
 * file (a comment or an assertion would not be a test of the statement): the string literal it sits
 * in opens right after `it(`, `test(`, `describe(` or one of their modifiers.
 */
function inTestTitle(source: string, title: string): boolean {
  for (let at = source.indexOf(title); at >= 0; at = source.indexOf(title, at + 1)) {
    const before = source.slice(Math.max(0, at - 400), at);
    const quote = Math.max(before.lastIndexOf('`'), before.lastIndexOf("'"), before.lastIndexOf('"'));
    if (quote < 0 || before.slice(quote).includes('\n')) continue;
    if (/\b(it|test|describe)(\.(only|skip|serial|describe|each\([^)]*\)))*\(\s*$/.test(before.slice(0, quote))) return true;
  }
  return false;
}
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

  it('counts a title of a test or describe block, not the same words in a comment or an assertion', () => {
    expect(inTestTitle("test('SPEC §4 the wall holds', async () => {})", 'the wall holds')).toBe(true);
    expect(inTestTitle('test.describe(`SPEC §2 Layout: ${lang} dialogs fit`, () => {})', 'dialogs fit')).toBe(true);
    expect(inTestTitle("// the wall holds\nexpect(x).toBe('the wall holds')", 'the wall holds')).toBe(false);
  });

  for (const row of rows) {
    it(`${row.section}: ${row.statement}`, () => {
      expect(row.tests.length).toBeGreaterThan(0);
      for (const ref of row.tests) {
        const [file, title] = ref.split(' › ').map((part) => part.trim());
        const source = fs.readFileSync(path.join(root, file!), 'utf8');
        expect(inTestTitle(source, title!), `${file} has no test or describe titled with "${title}"`).toBe(true);
      }
    });
  }
});
