/**
 * docs/performance.md's shape (scripts/figures/document.mjs): a run of some sections must keep
 * the other sections' figures word for word, and the file must say when the machine was busy.
 */
import { describe, expect, it } from 'vitest';
import {
  describeLoad,
  HEAD,
  LOAD_COLUMNS,
  loadTable,
  readBlocks,
  renderDocument,
} from '../figures/document.mjs';

const SECTIONS = [
  { name: 'engine', title: 'Engine' },
  { name: 'web', title: 'Web client' },
  { name: 'server', title: 'Server' },
];
const NAMES = SECTIONS.map((section) => section.name);

describe('docs/performance.md', () => {
  it('says at its top that it is written by npm run figures and never by hand', () => {
    const text = renderDocument(SECTIONS, {});
    expect(text.startsWith(HEAD)).toBe(true);
    expect(text).toContain('never edited by hand');
    expect(text).toContain('npm run figures');
  });

  it('reads back the blocks it wrote', () => {
    const blocks = { engine: 'Measured …\n\n| a | b |\n| --- | --- |\n| 1 | 2 |', server: 'S' };
    expect(readBlocks(renderDocument(SECTIONS, blocks), NAMES)).toEqual(blocks);
  });

  it('keeps the sections a run did not measure, word for word', () => {
    const before = renderDocument(SECTIONS, {
      engine: 'old engine figures',
      web: 'web figures, 12:00',
      server: 'server figures, 12:10\n\n| x |\n| --- |\n| 3 |',
    });
    // What scripts/figures.mjs does for `--only engine`: read, replace one block, write.
    const blocks = readBlocks(before, NAMES);
    blocks.engine = 'new engine figures';
    const after = renderDocument(SECTIONS, blocks);
    expect(readBlocks(after, NAMES)).toEqual({
      engine: 'new engine figures',
      web: 'web figures, 12:00',
      server: 'server figures, 12:10\n\n| x |\n| --- |\n| 3 |',
    });
    expect(after).not.toContain('old engine figures');
  });

  it('names a section never measured, with the command that measures it', () => {
    const text = renderDocument(SECTIONS, { engine: 'E' });
    expect(text).toContain('Not measured yet: `npm run figures -- --only web`');
    expect(readBlocks('no markers here', NAMES)).toEqual({});
  });
});

describe('the load line of a section', () => {
  it('records the load average, and says the machine was shared when others took its CPU', () => {
    const busy = describeLoad({ cores: 2, loadBefore: 0.3, loadAfter: 2.1, others: 0.6 });
    expect(busy).toContain('load average 0.3 before, 2.1 after');
    expect(busy).toContain("other processes took 60% of the machine's CPU");
    expect(busy).toContain('The machine was shared while this ran');
  });

  it('says the machine was shared when its load average was high before the section', () => {
    const busy = describeLoad({ cores: 2, loadBefore: 12, loadAfter: 13, others: null });
    expect(busy).toContain('The machine was shared while this ran');
    expect(busy).not.toContain('other processes took');
  });

  it('does not cry wolf on a quiet machine', () => {
    const busy = describeLoad({ cores: 2, loadBefore: 0.2, loadAfter: 1.9, others: 0.05 });
    expect(busy).not.toContain('shared');
  });
});

describe('the load table of the server section', () => {
  /** A row as the load script prints it, every column named by its heading there. */
  const printed = (overrides: Record<string, string>) => ({
    ...Object.fromEntries(LOAD_COLUMNS.map(([, column]) => [column, `<${column}>`])),
    ...overrides,
  });

  it('carries the servers’ event-loop delay p99 and max beside their CPU per move', () => {
    const text = loadTable([
      printed({
        setup: '1 process, SQLite',
        'CPU µs/move': '410',
        'server event-loop delay p99 ms': '3.2',
        'server event-loop delay max ms': '48.7',
      }),
    ]);
    const [heading, separator, row] = text.split('\n');
    const cells = (line: string) => line.slice(2, -2).split(' | ');
    const headings = cells(heading!);
    const values = cells(row!);
    expect(cells(separator!)).toHaveLength(headings.length);
    const at = (name: string) => values[headings.indexOf(name)];
    expect(headings).toContain('event-loop delay p99 ms');
    expect(headings).toContain('event-loop delay max ms');
    expect(at('event-loop delay p99 ms')).toBe('3.2');
    expect(at('event-loop delay max ms')).toBe('48.7');
    expect(at('server CPU µs/move')).toBe('410');
    expect(at('setup')).toBe('1 process, SQLite');
  });

  it('shows a column an older load script did not print as a dash', () => {
    const row = printed({});
    delete (row as Record<string, string>)['server event-loop delay max ms'];
    const values = loadTable([row]).split('\n')[2]!.slice(2, -2).split(' | ');
    const headings = LOAD_COLUMNS.map(([heading]) => heading);
    expect(values[headings.indexOf('event-loop delay max ms')]).toBe('–');
    expect(values[headings.indexOf('event-loop delay p99 ms')]).toBe(
      '<server event-loop delay p99 ms>',
    );
  });
});
