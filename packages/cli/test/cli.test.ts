/**
 * End-to-end tests through the real binary: a scripted game on stdin, simulate, tournament,
 * replay of the saved game, and the errors for bad flags and corrupt files.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBot, playGame } from '@gangsta/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers.ts';

let dir: string;
let saved: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gangsta-cli-'));
  saved = join(dir, 'game.json');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('gangsta play', () => {
  it('plays a whole scripted game against a random bot and saves the record', async () => {
    // The script always picks the first listed move: activations come before "abandon", so
    // every heist started is completed and the game runs to its end.
    const script = `${Array.from({ length: 4000 }, () => '1').join('\n')}\n`;
    const run = await runCli(
      ['play', '--seats', 'human,random', '--seed', '11', '--save', saved],
      script,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Chapter I (Genesis)');
    expect(run.stdout).toContain('You: choose the action');
    expect(run.stdout).toMatch(/Seat 2 \(random\): /);
    expect(run.stdout).toContain('Final scores');
    expect(run.stdout).toMatch(/Winner: |Shared victory: /);
    expect(run.stdout).not.toMatch(/undefined|NaN/);
    const record = JSON.parse(readFileSync(saved, 'utf8'));
    expect(record.format).toBe('gangsta-game');
    expect(record.options.seed).toBe(11);
    expect(record.moves.length).toBeGreaterThan(50);
  });

  it('gives a tip with its reason in English, and explains the bots with --explain', async () => {
    const run = await runCli(
      ['play', '--seats', 'human,heuristic', '--seed', '5', '--explain'],
      't\n1\n1\n1\n1\n1\n1\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Tip: .+ — [A-Z][^\n]*\./);
    expect(run.stdout).toMatch(/ {4}why: [A-Z][^\n]*\./);
    // Reasons are worded, never shown as message ids or placeholders.
    expect(run.stdout).not.toMatch(/\{\{|botReasons|\b(action|plan|move)\.[a-z]/);
  });

  it('undoes a move within the turn, then quits and saves on request', async () => {
    const file = join(dir, 'quit.json');
    // Wrong answers are explained; the end of input quits without saving.
    const run = await runCli(
      ['play', '--seats', 'human,heuristic', '--seed', '3', '--save', file],
      'x\n99\n?\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"x" is not a choice');
    expect(run.stdout).toContain('type 1 to');
    expect(run.stdout).toContain('u  undo');
    expect(run.stdout).toContain('Game left unfinished.');

    const passAt = run.stdout
      .split('\n')
      .find((l) => /\d+\) Pass/.test(l))
      ?.match(/(\d+)\)/)?.[1];
    expect(passAt).toBeDefined();
    const again = await runCli(
      ['play', '--seats', 'human,heuristic', '--seed', '3'],
      `${passAt}\nu\nq\ny\n${file}\n`,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Taken back.');
    expect(again.stdout).toMatch(/Saved \d+ moves to /);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('gangsta-game');
  });

  it('resumes a saved game', async () => {
    const run = await runCli(['play', '--resume', saved, '--seats', 'human,random'], 'q\nn\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/resumed after \d+ moves/);
  });
});

describe('gangsta replay', () => {
  it('replays the saved game to its final scores', async () => {
    const run = await runCli(['replay', saved]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('replays cleanly');
    expect(run.stdout).toContain('Final scores');
    const json = await runCli(['replay', saved, '--json']);
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout);
    expect(summary.finished).toBe(true);
    expect(summary.moves).toBe(JSON.parse(readFileSync(saved, 'utf8')).moves.length);
  });

  it('refuses corrupt files with a clear error and exit code 1', async () => {
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"format": "gangsta-game", ');
    const bad = await runCli(['replay', notJson]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/broken\.json is not valid JSON/);

    const wrongFormat = join(dir, 'wrong.json');
    writeFileSync(
      wrongFormat,
      JSON.stringify({ format: 'chess', version: 1, options: {}, moves: [] }),
    );
    const wrong = await runCli(['replay', wrongFormat]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('"format" is "chess"');

    const record = JSON.parse(readFileSync(saved, 'utf8'));
    record.moves[5] = { type: 'recruit', seat: record.moves[5].seat, card: 'NOPE' };
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(record));
    const illegal = await runCli(['replay', tampered]);
    expect(illegal.code).toBe(1);
    expect(illegal.stderr).toContain('move #6 (index 5)');

    const missing = await runCli(['replay', join(dir, 'nothing.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('ENOENT');
  });
});

describe('gangsta review', () => {
  it('lists the costliest decisions of a seat, with chances and why', async () => {
    // A short game: seat 1 plays at random, seat 2 the heuristic.
    const { record } = playGame({ players: 2, seed: 8 }, [
      createBot({ kind: 'random', seed: 1 }),
      createBot({ kind: 'heuristic', seed: 2 }),
    ]);
    const file = join(dir, 'short.json');
    writeFileSync(file, JSON.stringify(record));
    const run = await runCli(['review', file, '--seat', '1', '--iterations', '4', '--top', '2']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/seat 1, \d+ decisions reviewed \(4 simulations each/);
    expect(run.stdout).toMatch(/1\. Turn \d+, chapter \d \(move \d+\): −\d+ points/);
    expect(run.stdout).toMatch(/played: .+ \(\d+%\)/);
    expect(run.stdout).toMatch(/better: .+ \(\d+%\)/);
    expect(run.stdout).toMatch(/why: {4}\S/);
    expect(run.stdout).not.toMatch(/undefined|NaN/);
    const bad = await runCli(['review', file, '--seat', '3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--seat must be between 1 and 2');
  });
});

describe('gangsta simulate and tournament', () => {
  it('simulates a few games on workers and writes JSON and HTML', async () => {
    const json = join(dir, 'sim.json');
    const html = join(dir, 'sim.html');
    const run = await runCli([
      'simulate',
      '-n',
      '6',
      '--players',
      '3',
      '--bots',
      'heuristic,random,heuristic',
      '--workers',
      '2',
      '--seed',
      '5',
      '--json',
      json,
      '--html',
      html,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Win rate by turn order');
    expect(run.stdout).toContain('How the game ended');
    const data = JSON.parse(readFileSync(json, 'utf8'));
    expect(data.aggregate.games).toBe(6);
    expect(data.aggregate.byPosition).toHaveLength(3);
    expect(Object.keys(data.aggregate.byBot).sort()).toEqual(['heuristic', 'random']);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('R-OPT-4: simulates with the printed ruleset, recorded in the JSON options', async () => {
    const json = join(dir, 'printed.json');
    const run = await runCli([
      'simulate',
      '-n',
      '2',
      '--players',
      '2',
      '--bots',
      'heuristic,heuristic',
      '--workers',
      '1',
      '--seed',
      '3',
      '--resources',
      '--ruleset',
      'printed',
      '--json',
      json,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8')).options.ruleset).toBe('printed');
  });

  it('runs a small tournament with rotated seats', async () => {
    const run = await runCli([
      'tournament',
      '--bots',
      'heuristic,random',
      '-n',
      '4',
      '--seed',
      '2',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.games).toBe(4);
    expect(result.results).toHaveLength(2);
    expect(result.results[0].ci95).toHaveLength(2);
  });
});

describe('gangsta balance', () => {
  it('writes the study, and an interrupted study resumes from its saved parts', async () => {
    const out = join(dir, 'balance.md');
    const data = join(dir, 'balance-data.json');
    const flags = ['balance', '--games', '12', '--variant-games', '4', '--players', '2'];
    const first = await runCli([...flags, '--workers', '1', '--out', out]);
    expect(first.stderr).not.toContain('resuming');
    expect(first.code).toBe(0);
    const report = readFileSync(out, 'utf8');
    expect(report).toContain('## 2 players (12 games)');
    expect(() => readFileSync(`${data}.partial`)).toThrow();

    // An interruption after the base run and two settings: the partial file they left.
    const study = JSON.parse(readFileSync(data, 'utf8'));
    const kept = { ...study.variants };
    for (const setting of ['catchUp', 'families', 'resources']) {
      expect(kept[`2/${setting}`].games).toBe(4);
      delete kept[`2/${setting}`];
    }
    const key = JSON.stringify([12, 4, [2], 1]);
    const partial = { key, minutes: 0, base: study.base, variants: kept };
    writeFileSync(`${data}.partial`, JSON.stringify(partial));
    const resumed = await runCli([...flags, '--workers', '1', '--out', out]);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('2 part(s) already done');
    expect(resumed.stderr).not.toMatch(/2 players: 12 games/);
    expect(resumed.stderr).toMatch(/catch-up cash: 4 games/);
    // The same seeds give the same study: only the time line differs.
    const withoutTime = (text: string) => text.replace(/Node v[^\n]*minutes\./, '');
    expect(withoutTime(readFileSync(out, 'utf8'))).toBe(withoutTime(report));

    // A partial study made with other flags is not mixed in.
    writeFileSync(`${data}.partial`, JSON.stringify({ ...partial, key: '[99]' }));
    const refused = await runCli([...flags, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/unfinished study with other flags/);
    rmSync(`${data}.partial`);
  });
});

describe('usage errors', () => {
  const cases: [string[], RegExp][] = [
    [['simulate', '--players', '7'], /--players.*'7'/],
    [['simulate', '-n', 'ten'], /--games.*'ten'/],
    [
      ['simulate', '--players', '3', '--bots', 'heuristic,random'],
      /--bots lists 2 bots for 3 players/,
    ],
    [['play', '--seats', 'human,wizard'], /wizard/],
    [['play', '--expert'], /--expert needs --resources/],
    [['simulate', '--ruleset', 'house'], /--ruleset.*'house'.*online, printed/],
    [['play', '--seats', 'human'], /2 to 4 seats/],
    [['tournament', '--bots', 'heuristic,human'], /no human seats/],
    [['simulate', '--frobnicate'], /unknown option '--frobnicate'/],
    [['conquer'], /unknown command 'conquer'/],
  ];
  for (const [args, message] of cases) {
    it(`gangsta ${args.join(' ')} exits 2 with a clear message`, async () => {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    });
  }

  it('prints help for every command', async () => {
    for (const command of ['play', 'simulate', 'tournament', 'replay', 'bench', 'balance']) {
      const run = await runCli([command, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: gangsta ${command}`);
    }
  });
});
