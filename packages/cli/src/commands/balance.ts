/**
 * `gangsta balance`: the balance study behind docs/balance.md. Heuristic bots play a large
 * sample per player count (2, 3, 4), then smaller samples with each table option (R-OPT-1,
 * R-OPT-2) and each variant (families, resources); the report gives win rates by turn order
 * and Boss with 95% intervals, lengths, end reasons and heist statistics.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import {
  CLASSIC_CARDS,
  defaultOptionFlags,
  GAME_OPTIONS,
  itemAt,
  MAX_PLAYERS,
  MIN_PLAYERS,
  type OptionFlag,
} from '@gangsta/engine';
import type { Command } from 'commander';
import { RuntimeError } from '../errors.ts';
import { intArg, listArg, playerCountArg } from '../options.ts';
import { allHeistsTable, playerCountSection, shareCell, table } from '../report/markdown.ts';
import {
  bossLabel,
  bossRows,
  endReasonRows,
  heistRows,
  ordinal,
  positionRows,
} from '../report/tables.ts';
import { type Aggregate, addGame, emptyAggregate, emptyHeistStats } from '../sim/aggregate.ts';
import { simulate } from '../sim/run.ts';
import { meanOf, pct, wilson } from '../sim/stats.ts';

interface BalanceFlags {
  games: number;
  variantGames: number;
  players: number[];
  workers?: number;
  seed: number;
  out: string;
  data?: string;
  fromData?: string;
}

/** Everything the report is made from; saved as JSON so the text can be re-rendered. */
interface Study {
  command: string;
  games: number;
  variantGames: number;
  players: number[];
  seed: number;
  workers: number;
  cpu: string;
  node: string;
  minutes: number;
  base: Record<string, Aggregate>;
  variants: Record<string, Aggregate>;
}

/** One rule switched on over the base game; `key` names its aggregates in the saved data. */
interface Setting {
  key: string;
  flag: OptionFlag;
  label: string;
}

const SETTINGS: Setting[] = [
  {
    key: 'minPass',
    flag: 'minimumPassIncome',
    label: `${GAME_OPTIONS.minimumPassIncome.rule} minimum $2 pass`,
  },
  { key: 'catchUp', flag: 'catchUpCash', label: `${GAME_OPTIONS.catchUpCash.rule} catch-up cash` },
  { key: 'families', flag: 'families', label: 'families variant' },
  { key: 'resources', flag: 'resources', label: 'resources variant' },
];

const BASE_OPTIONS = defaultOptionFlags();

/**
 * What a study has finished so far, saved after every part (one player count's base run, or
 * one setting), so that an interrupted study resumes where it stopped. `key` holds the
 * flags that change the results: a file made with other flags is not reused.
 */
interface Progress {
  key: string;
  /** Compute minutes of the finished parts, summed over the runs that made them. */
  minutes: number;
  base: Record<string, Aggregate>;
  variants: Record<string, Aggregate>;
}

function progressKey(flags: BalanceFlags): string {
  return JSON.stringify([flags.games, flags.variantGames, flags.players, flags.seed]);
}

function readProgress(file: string, key: string): Progress | undefined {
  if (!existsSync(file)) return undefined;
  let saved: Progress;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Progress;
  } catch (error) {
    throw new RuntimeError(
      `cannot read the unfinished study ${file}: ${(error as Error).message}; delete it to start over`,
    );
  }
  if (saved.key !== key) {
    throw new RuntimeError(
      `${file} holds an unfinished study with other flags (games, variant games, players, seed: ${saved.key}); delete it or run with those flags`,
    );
  }
  return saved;
}

async function runStudy(flags: BalanceFlags, progressFile: string): Promise<Study> {
  const workers = flags.workers ?? availableParallelism();
  const command = `npm run gangsta -- balance --games ${flags.games} --variant-games ${flags.variantGames} --players ${flags.players.join(',')} --seed ${flags.seed}${flags.workers ? ` --workers ${flags.workers}` : ''} --out ${flags.out}`;
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const key = progressKey(flags);
  const progress = readProgress(progressFile, key) ?? { key, minutes: 0, base: {}, variants: {} };
  const { base, variants } = progress;
  // The paired sample is a by-product of its base run, not a part of its own.
  const done = [...Object.keys(base), ...Object.keys(variants)].filter(
    (name) => !name.endsWith('/paired'),
  ).length;
  if (done > 0) log(`resuming from ${progressFile}: ${done} part(s) already done`);
  // Runs one part unless a previous run finished it, then saves the progress.
  const part = async (into: Record<string, Aggregate>, name: string, work: () => Promise<void>) => {
    if (into[name]) return;
    const started = performance.now();
    await work();
    progress.minutes += (performance.now() - started) / 60_000;
    writeText(progressFile, `${JSON.stringify(progress)}\n`);
  };
  for (const players of flags.players) {
    const options = { ...BASE_OPTIONS, players, seed: flags.seed };
    const bots = Array.from({ length: players }, () => ({ kind: 'heuristic' as const }));
    await part(base, String(players), async () => {
      // The variants replay the first seeds of the base run: the same deals, one rule changed.
      // Their paired base sample is collected during the base run and saved with it.
      const paired = emptyAggregate();
      const result = await simulate(
        { games: flags.games, options, seed: flags.seed, bots, rotate: false },
        workers,
        `${players} players`,
        (summary) => {
          if (summary.index < flags.variantGames) addGame(paired, summary, CLASSIC_CARDS);
        },
      );
      log(`${players} players: ${flags.games} games in ${result.seconds.toFixed(1)} s`);
      variants[`${players}/paired`] = paired;
      base[players] = result.aggregate;
    });
    if (flags.variantGames === 0) continue;
    for (const setting of SETTINGS) {
      await part(variants, `${players}/${setting.key}`, async () => {
        const variant = await simulate(
          {
            games: flags.variantGames,
            options: { ...options, [setting.flag]: true },
            seed: flags.seed,
            bots,
            rotate: false,
          },
          workers,
          `${players}p ${setting.key}`,
        );
        log(
          `${players} players, ${setting.label}: ${flags.variantGames} games in ${variant.seconds.toFixed(1)} s`,
        );
        variants[`${players}/${setting.key}`] = variant.aggregate;
      });
    }
  }
  return {
    command,
    games: flags.games,
    variantGames: flags.variantGames,
    players: flags.players,
    seed: flags.seed,
    workers,
    cpu: cpus()[0]?.model ?? 'an unknown CPU',
    node: process.version,
    minutes: progress.minutes,
    base,
    variants,
  };
}

function writeText(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new RuntimeError(
      `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

function readStudy(file: string): Study {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Study;
  } catch (error) {
    throw new RuntimeError(`cannot read the study data ${file}: ${(error as Error).message}`);
  }
}

async function run(flags: BalanceFlags): Promise<void> {
  const data = flags.data ?? `${flags.out.replace(/\.md$/, '')}-data.json`;
  const progressFile = `${data}.partial`;
  const study = flags.fromData ? readStudy(flags.fromData) : await runStudy(flags, progressFile);
  if (!flags.fromData) writeText(data, `${JSON.stringify(study)}\n`);
  writeText(flags.out, renderBalance(study));
  if (!flags.fromData) rmSync(progressFile, { force: true });
  process.stdout.write(
    `Wrote ${flags.out}${flags.fromData ? ` from ${flags.fromData}` : ` and ${data} (${study.minutes.toFixed(1)} min)`}.\n`,
  );
}

/** The base run's aggregate for a player count of the study: every count listed has one. */
function baseOf(study: Study, players: number): Aggregate {
  const agg = study.base[players];
  if (!agg) throw new RuntimeError(`the study has no base run for ${players} players`);
  return agg;
}

function findings(study: Study): string[] {
  const lines: string[] = [];
  for (const players of study.players) {
    const agg = baseOf(study, players);
    const even = 1 / players;
    const positions = positionRows(agg);
    const seats = positions
      .map((r) => `${r.label.split(' ')[0]} ${pct(r.interval.rate)}`)
      .join(', ');
    const offSeats = positions.filter((r) => r.interval.high < even || r.interval.low > even);
    const bosses = bossRows(agg, CLASSIC_CARDS).sort((a, b) => b.interval.rate - a.interval.rate);
    const best = itemAt(bosses, 0, 'Boss');
    const worst = itemAt(bosses, bosses.length - 1, 'Boss');
    const offBosses = bosses.filter((r) => r.interval.high < even || r.interval.low > even);
    const ends = endReasonRows(agg)
      .map((r) => `${r.label} ${pct(r.share)}`)
      .join(', ');
    lines.push(
      `- **${players} players** (even share ${pct(even)}): by turn order ${seats}` +
        `${offSeats.length ? ` — ${offSeats.length} position(s) significantly off` : ' — no position significantly off'}. ` +
        `Bosses from ${best.label} ${pct(best.interval.rate)} down to ${worst.label} ${pct(worst.interval.rate)}` +
        `${offBosses.length ? ` (${offBosses.length} significantly off)` : ''}. ` +
        `Games last ${meanOf(agg.turns).toFixed(1)} turns on average. Endings: ${ends}.`,
    );
  }
  const variantLines = study.players.flatMap((players) => variantFinding(study, players));
  if (variantLines.length > 0) {
    lines.push(
      '',
      'Effect of each table option and variant, on the same seeds (spread = best minus worst win rate, in percentage points). These samples are smaller: a Boss spread of a few points is within noise; the tables under "Table options and variants" give the intervals.',
      '',
      ...variantLines,
    );
  }
  return lines;
}

/** Best minus worst win rate among turn-order positions, or among Bosses, in points. */
function spread(rates: number[]): string {
  return (100 * (Math.max(...rates) - Math.min(...rates))).toFixed(1);
}

function variantFinding(study: Study, players: number): string[] {
  const paired = study.variants[`${players}/paired`];
  if (!paired || paired.games === 0) return [];
  const describe = (label: string, agg: Aggregate) => {
    const positions = agg.byPosition.map((p) => wilson(p).rate);
    const bosses = Object.values(agg.byBoss).map((p) => wilson(p).rate);
    return `${label} ${pct(itemAt(positions, 0, 'turn-order position'))} first player, turn-order spread ${spread(positions)}, Boss spread ${spread(bosses)}`;
  };
  const parts = [describe('base', paired)];
  for (const setting of SETTINGS) {
    const agg = study.variants[`${players}/${setting.key}`];
    if (agg) parts.push(describe(setting.label, agg));
  }
  return [`- **${players} players**: ${parts.join('; ')}.`];
}

function variantSection(
  players: number,
  base: Aggregate,
  variants: Record<string, Aggregate>,
): string {
  const even = 1 / players;
  const pairedBase = variants[`${players}/paired`];
  const settings = [{ label: 'base game (all seeds)', agg: base }];
  if (pairedBase && pairedBase.games > 0) {
    settings.push({ label: 'base game (same seeds as below)', agg: pairedBase });
  }
  for (const setting of SETTINGS) {
    const agg = variants[`${players}/${setting.key}`];
    if (agg) settings.push({ label: setting.label, agg });
  }
  const positions = Array.from({ length: players }, (_, i) => ordinal(i + 1));
  const seatTable = table(
    ['setting', 'games', ...positions, 'mean turns'],
    settings.map((s) => [
      s.label,
      s.agg.games,
      ...s.agg.byPosition.map((p) => shareCell(wilson(p), even)),
      meanOf(s.agg.turns).toFixed(1),
    ]),
  );
  const bossIds = Object.keys(base.byBoss).sort();
  const bossTable = table(
    ['Boss', ...settings.map((s) => s.label)],
    bossIds.map((id) => [
      bossLabel(CLASSIC_CARDS, id),
      ...settings.map((s) => {
        const won = s.agg.byBoss[id];
        return won ? shareCell(wilson(won), even) : '–';
      }),
    ]),
  );
  return `### ${players} players\n\nWin rate by turn order:\n\n${seatTable}\n\nWin rate by Boss:\n\n${bossTable}`;
}

function renderBalance(study: Study): string {
  const base = study.players.map((players) => [players, baseOf(study, players)] as const);
  const all = emptyAggregate();
  for (const [, agg] of base) mergeHeists(all, agg);
  const sections = [
    '# Balance analysis',
    '',
    '_Generated by `gangsta balance`; do not edit by hand. Regenerate with:_',
    '',
    '```sh',
    study.command,
    '```',
    '',
    `${study.games.toLocaleString('en')} games per player count (${study.players.join(', ')} players) and ${study.variantGames.toLocaleString('en')} games per table option or variant, ` +
      `every seat played by the heuristic bot, seeds ${study.seed} onward (each variant replays the first ${study.variantGames.toLocaleString('en')} seeds of the base run: the same deals with one rule changed). ` +
      `${study.workers} worker threads on ${study.cpu}, Node ${study.node}: ${study.minutes.toFixed(1)} minutes.`,
    '',
    '**How to read it.** A win rate is the share of games won from that position (or with that Boss); a shared victory counts 1/k to each of the k winners. ' +
      'Brackets give the 95% Wilson score interval. With P players an even share is 1/P; a value in **bold** has an interval that excludes it. ' +
      'Turn order is counted from the first player of the game (R-SETUP-4), whatever the seat number. ' +
      'The heuristic bot is a stand-in for human play: it shows how the rules and cards pull, not how strong players fare.',
    '',
    '## Findings',
    '',
    ...findings(study),
    '',
    ...base.flatMap(([players, agg]) => [
      `## ${players} players (${agg.games.toLocaleString('en')} games)`,
      '',
      playerCountSection(agg, CLASSIC_CARDS, players),
      '',
    ]),
    '## Table options and variants',
    '',
    'Each setting alone on top of the base game, same bots and the same seeds as the row "base game (same seeds as below)", so a difference between those rows comes from the rule, not the deal. R-OPT-1: passing pays at least $2. R-OPT-2: each seat after the first player starts with $1 more per seat. Families: family discount and majorities (R-FAM). Resources: resource cards (R-RES).',
    '',
    ...base.flatMap(([players, agg]) => [variantSection(players, agg, study.variants), '']),
    '## Appendix: every heist (all player counts of the base game)',
    '',
    'Rewards per member engaged count the money and IP the heist paid (reward A, and reward B to each participant of a cooperative heist), divided by the members engaged.',
    '',
    allHeistsTable(heistRows(all, CLASSIC_CARDS).sort((a, b) => a.id.localeCompare(b.id))),
    '',
  ];
  return sections.join('\n');
}

/** Adds `source`'s heist statistics into `target` (the appendix pools player counts). */
function mergeHeists(target: Aggregate, source: Aggregate): void {
  target.games += source.games;
  for (const [id, h] of Object.entries(source.heists)) {
    const t = target.heists[id] ?? emptyHeistStats();
    t.offered += h.offered;
    t.taken += h.taken;
    t.cooperative += h.cooperative;
    t.engaged += h.engaged;
    t.money += h.money;
    t.ip += h.ip;
    target.heists[id] = t;
  }
}

export function registerBalance(program: Command): void {
  program
    .command('balance')
    .description('run the balance study (heuristic bots) and write docs/balance.md')
    .option('--games <n>', 'games per player count', intArg(1, 10_000_000), 10_000)
    .option(
      '--variant-games <n>',
      'games per table option / variant and player count (0 skips them)',
      intArg(0, 10_000_000),
      2_000,
    )
    .option(
      '--players <list>',
      'player counts',
      listArg(playerCountArg),
      Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i),
    )
    .option('--workers <k>', 'worker threads (default: one per core)', intArg(1, 512))
    .option('--seed <n>', 'seed of the first game', intArg(0, 2 ** 30), 1)
    .option('--out <file>', 'where to write the report', 'docs/balance.md')
    .option('--data <file>', 'where to save the raw aggregates (default: beside --out, -data.json)')
    .option('--from-data <file>', 're-render the report from saved aggregates without simulating')
    .addHelpText(
      'after',
      '\nAn interrupted study resumes: each finished part is saved beside the data file (-data.json.partial)\nand a new run with the same flags skips it.\n\nExample (the full study; about the time `bench` suggests):\n  npm run gangsta -- balance\n  npm run gangsta -- balance --games 500 --variant-games 100 --out /tmp/balance.md',
    )
    .action((flags: BalanceFlags) => run(flags));
}
