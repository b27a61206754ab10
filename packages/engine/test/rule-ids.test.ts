/**
 * Every rule id (`R-…`) the project cites resolves in docs/rules.md, the rules as implemented.
 * docs/rules.md defines a section id in each numbered heading, `## 7. Action: heist (R-HEIST)`,
 * and a rule id at the start of each rule, `- **R-HEIST-4** …`. This test reads every .ts,
 * .tsx and .md file under packages/ (tests and source alike), the top-level README and
 * docs/rules.md itself, and fails on an id that is cited but not defined, on an id defined
 * twice, and on a rule filed under another section's heading.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const RULES = join(ROOT, 'docs', 'rules.md');
const PACKAGES = join(ROOT, 'packages');

/** Directories that hold dependencies or generated files, not the project's own text. */
const SKIPPED = /^(node_modules|dist.*|coverage|test-results|playwright-report)$/;

/** An id: `R-`, a section code, then any `-` parts; not the tail of a longer word. */
const ID = /(?<![\w-])R-[A-Z]+(?:-[A-Z0-9]+)*/g;
const SECTION_HEADING = /^## \d+\. .*\((R-[A-Z]+)\)\s*$/;
const RULE_ITEM = /^- \*\*(R-[A-Z]+-\d+)\*\*/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.test(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|md)$/.test(entry.name) ? [path] : [];
  });
}

interface Definition {
  id: string;
  line: number;
  /** The id of the section heading above it (itself for a heading). */
  section: string | undefined;
}

function definitions(text: string): Definition[] {
  const found: Definition[] = [];
  let section: string | undefined;
  text.split('\n').forEach((line, index) => {
    const heading = SECTION_HEADING.exec(line);
    if (heading?.[1]) {
      section = heading[1];
      found.push({ id: section, line: index + 1, section });
    }
    const rule = RULE_ITEM.exec(line)?.[1];
    if (rule) found.push({ id: rule, line: index + 1, section });
  });
  return found;
}

/** Every id cited in a text, with the line of its first citation. */
function citations(text: string): Map<string, number> {
  const cited = new Map<string, number>();
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(ID)) if (!cited.has(match[0])) cited.set(match[0], index + 1);
  });
  return cited;
}

const rulesText = readFileSync(RULES, 'utf8');
const defined = definitions(rulesText);
const definedIds = new Set(defined.map((d) => d.id));

describe('rule ids (docs/rules.md)', () => {
  it('defines sections and rules', () => {
    expect(defined.filter((d) => !d.id.match(/-\d+$/)).length).toBeGreaterThanOrEqual(17);
    expect(defined.filter((d) => d.id.match(/-\d+$/)).length).toBeGreaterThanOrEqual(76);
  });

  it('defines every id exactly once', () => {
    const seen = new Map<string, number>();
    const twice: string[] = [];
    for (const { id, line } of defined) {
      const first = seen.get(id);
      if (first === undefined) seen.set(id, line);
      else twice.push(`${id} (lines ${first} and ${line})`);
    }
    expect(twice, 'ids defined more than once in docs/rules.md').toEqual([]);
  });

  it('files every rule under the heading of its section', () => {
    const misfiled = defined
      .filter((d) => d.section === undefined || !d.id.startsWith(d.section))
      .map((d) => `${d.id} (line ${d.line}, under ${d.section ?? 'no section'})`);
    expect(misfiled).toEqual([]);
  });

  it('resolves every id cited under packages/, in the README and in docs/rules.md', () => {
    const sources = [...files(PACKAGES), join(ROOT, 'README.md'), RULES];
    const missing: string[] = [];
    let count = 0;
    for (const file of sources) {
      for (const [id, line] of citations(readFileSync(file, 'utf8'))) {
        count++;
        if (!definedIds.has(id)) missing.push(`${id} (${relative(ROOT, file)}:${line})`);
      }
    }
    // The scan itself works: the tests cite rules in the hundreds.
    expect(count).toBeGreaterThan(100);
    expect(missing, 'ids cited but not defined in docs/rules.md').toEqual([]);
  });
});
