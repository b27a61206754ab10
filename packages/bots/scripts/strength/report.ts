/**
 * The strength report (pure: records in, markdown out): win rates with Wilson intervals,
 * OpenSkill ratings computed the way the server rates games, ISMCTS speed and game lengths.
 */
import { itemAt } from '@gangsta/engine';
import { rate, rating } from 'openskill';
import { wilson } from '../../src/index.ts';
import {
  BOTS,
  type BotName,
  type GameRecord,
  ISMCTS_SIGNATURE,
  type MatchSpec,
  REFERENCE_ITERATIONS_PER_SECOND,
  VARIANTS,
  type Variant,
} from './plan.ts';

export interface MatchSummary {
  match: MatchSpec;
  games: number;
  /** Wins of the first bot, a shared victory counting 1/k. */
  wins: number;
  winRate: number;
  ci95: [number, number];
  meanFirst: number;
  meanOthers: number;
  /** Mean wall-clock and CPU seconds per game. */
  wallS: number;
  cpuS: number | null;
  /** The first bot's ISMCTS speed over all its searched decisions (wall, CPU), if it searches. */
  ips: number | null;
  ipsCpu: number | null;
  searchedPerGame: number | null;
  iterationsPerDecision: number | null;
}

/** The first bot's share of a game's win (1/k on a shared victory of k seats). */
export function firstShare(r: GameRecord, first: BotName): number {
  const mine = r.winners.filter((s) => r.seats[s] === first).length;
  return r.winners.length ? mine / r.winners.length : 0;
}

function firstSeat(r: GameRecord, m: MatchSpec): number {
  // The first bot sits alone unless both names are equal (not a match this script plays).
  return r.seats.indexOf(m.first);
}

export function summarizeMatch(m: MatchSpec, records: GameRecord[]): MatchSummary {
  const n = records.length;
  let wins = 0;
  let first = 0;
  let others = 0;
  let wall = 0;
  let cpu = 0;
  let cpuGames = 0;
  let iterations = 0;
  let searchMs = 0;
  let searchCpu = 0;
  let decisions = 0;
  for (const r of records) {
    wins += firstShare(r, m.first);
    const seat = firstSeat(r, m);
    const score = itemAt(r.scores, seat, 'score');
    first += score;
    others += (r.scores.reduce((s, x) => s + x, 0) - score) / (r.players - 1);
    wall += r.ms;
    if (r.cpuMs !== undefined) {
      cpu += r.cpuMs;
      cpuGames++;
    }
    const e = r.search[seat];
    if (e) {
      iterations += e.iterations;
      searchMs += e.ms;
      searchCpu += e.cpuMs ?? 0;
      decisions += e.decisions;
    }
  }
  const searches = BOTS[m.first].config.kind === 'ismcts' && decisions > 0;
  return {
    match: m,
    games: n,
    wins,
    winRate: n ? wins / n : 0,
    ci95: wilson(wins, n),
    meanFirst: n ? first / n : 0,
    meanOthers: n ? others / n : 0,
    wallS: n ? wall / n / 1000 : 0,
    cpuS: cpuGames ? cpu / cpuGames / 1000 : null,
    ips: searches && searchMs > 0 ? iterations / (searchMs / 1000) : null,
    ipsCpu: searches && searchCpu > 0 ? iterations / (searchCpu / 1000) : null,
    searchedPerGame: searches ? decisions / n : null,
    iterationsPerDecision: searches ? iterations / decisions : null,
  };
}

/**
 * The 1-based place of every seat, as the server's rating model orders a finished game
 * (packages/server/src/ratings/model.ts `placesOf`): most IP, then most members; seats equal
 * on both share a place.
 */
export function placesOf(r: GameRecord): number[] {
  return r.scores.map(
    (total, seat) =>
      1 +
      r.scores.filter(
        (other, o) =>
          other > total ||
          (other === total && itemAt(r.gangSize, o, 'gang') > itemAt(r.gangSize, seat, 'gang')),
      ).length,
  );
}

export interface SkillRow {
  bot: BotName;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
}

/**
 * OpenSkill ratings with the server's settings: the library's defaults (Plackett-Luce, a
 * newcomer mu 25, sigma 25/3), one account per bot, ranks from `placesOf`; when several seats
 * are the same bot only the best placed is rated (the first in seat order on a tie), like the
 * server's `participantsOf`. Games are rated in a fixed order (by index, then match), so the
 * same file gives the same ratings.
 */
export function openSkill(matches: MatchSpec[], byMatch: Map<string, GameRecord[]>): SkillRow[] {
  const order = new Map(matches.map((m, i) => [m.id, i]));
  const games = [...byMatch.values()]
    .flat()
    .sort((a, b) => a.index - b.index || order.get(a.match)! - order.get(b.match)!);
  const ratings = new Map<BotName, { mu: number; sigma: number; games: number }>();
  for (const r of games) {
    const places = placesOf(r);
    const best = new Map<BotName, number>();
    r.seats.forEach((bot, seat) => {
      const known = best.get(bot);
      const place = itemAt(places, seat, 'place');
      if (known === undefined || place < known) best.set(bot, place);
    });
    const bots = [...best.keys()];
    if (bots.length < 2) continue;
    const before = bots.map((b) => {
      const known = ratings.get(b);
      return known ? { mu: known.mu, sigma: known.sigma } : rating();
    });
    const after = rate(
      before.map((x) => [x]),
      { rank: bots.map((b) => best.get(b)!) },
    );
    bots.forEach((b, i) => {
      const games = (ratings.get(b)?.games ?? 0) + 1;
      // One team of one per bot: `after` has a one-rating team for each of `bots`.
      const now = itemAt(itemAt(after, i, 'team'), 0, 'rating');
      ratings.set(b, { mu: now.mu, sigma: now.sigma, games });
    });
  }
  return [...ratings.entries()]
    .map(([bot, x]) => ({
      bot,
      mu: x.mu,
      sigma: x.sigma,
      ordinal: x.mu - 3 * x.sigma,
      games: x.games,
    }))
    .sort((a, b) => b.ordinal - a.ordinal);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function variantName(v: Variant): string {
  if (v.families && v.resources) return 'both';
  if (v.families) return 'families';
  if (v.resources) return 'resources';
  return 'base';
}

export interface ReportMeta {
  /** The command that continues the measurement (and regenerates this file). */
  command: string;
  resultsPath: string;
  updated: string;
  machine: string;
  stale: number;
  skipped: number;
  commits: string[];
}

function describeMatch(m: MatchSpec): string {
  const others = m.players - 1;
  return `${m.first} vs ${others === 1 ? m.other : `${others} × ${m.other}`}, ${m.players}p`;
}

export function renderReport(
  matches: MatchSpec[],
  byMatch: Map<string, GameRecord[]>,
  meta: ReportMeta,
): string {
  const sums = matches.map((m) => summarizeMatch(m, byMatch.get(m.id) ?? []));
  const total = sums.reduce((s, x) => s + x.games, 0);
  const goal = matches.reduce((s, m) => s + m.goal, 0);
  const lines: string[] = [];
  const add = (...l: string[]) => lines.push(...l);
  add(
    '# Bot strength',
    '',
    'Generated file: do not edit. Made, and continued after an interruption, by',
    '',
    '```',
    meta.command,
    '```',
    '',
    `Results: \`${meta.resultsPath}\` (one JSON line per finished game; a rerun plays only the games missing from it). ` +
      `**${total} of ${goal} planned games played so far**; last updated ${meta.updated} on ${meta.machine}` +
      `${meta.commits.length ? `; code at commit ${meta.commits.join(', ')}` : ''}.` +
      `${meta.stale ? ` ${meta.stale} lines of the file belong to other settings and are not counted.` : ''}` +
      `${meta.skipped ? ` ${meta.skipped} unreadable lines skipped.` : ''}`,
    '',
    '## Bots',
    '',
    ...(Object.keys(BOTS) as BotName[]).map((b) => `- **${b}**: ${BOTS[b].describe}.`),
    '',
    'Budgets are iterations, not time, so a game is the same on any machine and under any load: ' +
      'the same seeds give the same games. The levels in `packages/bots/src/create.ts` are time ' +
      `budgets; they are converted at ${REFERENCE_ITERATIONS_PER_SECOND.toLocaleString('en')} iterations per second (what the search ` +
      'runs on an idle core of this machine; see `REFERENCE_ITERATIONS_PER_SECOND`). ISMCTS does not search when only one move is legal (or only ' +
      'one the search considers; `IsmctsBot.decide`), and stops a decision early once the most ' +
      'visited move cannot be overtaken within the budget (deterministic too). ' +
      `The search is \`${ISMCTS_SIGNATURE}\` (\`searchSignature\`: its revision and settings); ` +
      'games of an ISMCTS bot are recorded with it, and those of another search stay in the ' +
      "results file without being counted. The hard bot's goals, speed and what was measured to " +
      'make it stronger: [bots-hard.md](bots-hard.md).',
    '',
    '## Win rates',
    '',
    'Each match is one bot against one or more copies of another. A deal is played once with the ' +
      'first bot in every seat; successive deals cycle through the variants (base, families, ' +
      'resources, both), so seats and variants get equal shares. A shared victory counts as a ' +
      'fraction of a win. The interval is the 95% Wilson score interval; "fair share" is what ' +
      'equal strength would give.',
    '',
    '| match | games so far (goal) | wins of the first bot | win rate | 95% CI | fair share | mean IP (first / each other) |',
    '|---|---|---|---|---|---|---|',
  );
  for (const s of sums) {
    const m = s.match;
    const status = s.games >= m.goal ? `${s.games}` : `**${s.games}** of ${m.goal}`;
    add(
      `| ${describeMatch(m)} | ${status} | ${s.wins.toFixed(1)} | ${s.games ? pct(s.winRate) : '–'} | ${s.games ? `${pct(s.ci95[0])} – ${pct(s.ci95[1])}` : '–'} | ${pct(1 / m.players)} | ${s.games ? `${s.meanFirst.toFixed(1)} / ${s.meanOthers.toFixed(1)}` : '–'} |`,
    );
  }
  add('', 'By variant (win rate of the first bot, games):', '');
  add(
    `| match | ${VARIANTS.map(variantName).join(' | ')} |`,
    `|---|${VARIANTS.map(() => '---|').join('')}`,
  );
  for (const s of sums) {
    if (!s.games) continue;
    const cells = VARIANTS.map((v) => {
      const list = (byMatch.get(s.match.id) ?? []).filter(
        (r) => r.variant.families === v.families && r.variant.resources === v.resources,
      );
      if (!list.length) return '–';
      const w = list.reduce((x, r) => x + firstShare(r, s.match.first), 0);
      return `${pct(w / list.length)} of ${list.length}`;
    });
    add(`| ${describeMatch(s.match)} | ${cells.join(' | ')} |`);
  }
  const skill = openSkill(matches, byMatch);
  add(
    '',
    '## OpenSkill ratings',
    '',
    'All the games above rated in one pool with the server’s model (`openskill` 4, Plackett-Luce ' +
      'with default constants: a newcomer is mu 25, sigma 8.33; places by IP then members; when ' +
      'several seats are the same bot only the best placed is rated, as the server rates a bot ' +
      'level’s account). Games are rated in a fixed order (by game index, then match). The ' +
      'leaderboard orders by mu − 3σ.',
    '',
    '| bot | mu | sigma | mu − 3σ | games rated |',
    '|---|---|---|---|---|',
    ...skill.map(
      (r) =>
        `| ${r.bot} | ${r.mu.toFixed(2)} | ${r.sigma.toFixed(2)} | ${r.ordinal.toFixed(2)} | ${r.games} |`,
    ),
  );
  add(
    '',
    '## Speed and cost',
    '',
    'Per game: mean wall-clock and CPU seconds (the runs were niced beside other work on 2 cores, ' +
      'so wall time overstates the cost; CPU time is what a game needs). ISMCTS iterations per ' +
      'second are measured over the first bot’s searched decisions, per wall-clock second and ' +
      'per CPU second of those decisions.',
    '',
    '| match | s per game (wall / CPU) | ISMCTS it/s (wall / CPU) | searched decisions per game | iterations per searched decision | games left | CPU hours left (est.) |',
    '|---|---|---|---|---|---|---|',
  );
  for (const s of sums) {
    const left = s.match.goal - s.games;
    const estimate = s.games && s.cpuS !== null ? ((left * s.cpuS) / 3600).toFixed(1) : '?';
    add(
      `| ${describeMatch(s.match)} | ${s.games ? `${s.wallS.toFixed(2)} / ${s.cpuS?.toFixed(2) ?? '?'}` : '–'} | ${s.ips ? `${Math.round(s.ips)} / ${s.ipsCpu ? Math.round(s.ipsCpu) : '?'}` : '–'} | ${s.searchedPerGame?.toFixed(0) ?? '–'} | ${s.iterationsPerDecision?.toFixed(0) ?? '–'} | ${left} | ${left ? estimate : '0'} |`,
    );
  }
  add(
    '',
    '## Notes',
    '',
    '- To continue: run the command above (in the background if you like; `--minutes` stops ' +
      'starting games after that long, `--only` picks matches, `--workers` sets the processes). ' +
      'It appends every finished game to the results file at once, so an interruption loses at ' +
      'most the games in progress, and rewrites this file at the end. The cheap matches are ' +
      'scheduled before the hard ones; to run both at once, start two processes of one worker ' +
      'each, `--only cheap --workers 1` and `--only hard --workers 1` (they append to the same ' +
      'file).',
    '- The results file records the games, not the code: after a change to the bots or the ' +
      'engine, start a new file (`--results`) rather than mix the two.',
    '- Earlier tuning (time budgets, few games each, so only large differences mean much): ' +
      'playout policy at 200 ms per decision, 16 games each: weighted random 56% and ' +
      'heuristic-for-the-action 50% (the random policy runs 2.5 to 4 times as many iterations ' +
      'per second); reward at 400 iterations per decision, same 20 seeds: win/loss 65%, squashed ' +
      'score margin 80%; progressive bias toward the heuristic’s move at 400 iterations, same 24 ' +
      'seeds: none 83%, weight 3 92%.',
  );
  return `${lines.join('\n')}\n`;
}
