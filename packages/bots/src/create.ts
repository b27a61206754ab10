/** Bot presets and the factory the CLI, the web client and tournaments use. */
import { HeuristicBot, IsmctsBot, RandomBot } from './bots.ts';
import type { SearchOptions } from './ismcts/search.ts';
import type { Bot, BotConfig, BotKind, BotLevel } from './types.ts';

/**
 * Difficulty presets. Easy plays the heuristic strategy; medium and hard search with ISMCTS
 * for about a third of a second and a second per decision.
 *
 * The limits are time, so a slower device searches less rather than answers later. Hard's
 * second: measured 2026-11-26 in Chromium 156's Web Worker on this project's 2-core machine
 * (`npm run bench:worker -w packages/web`), 'hard' answered within 1,030 ms at every benchmark
 * position, heuristic hint and reason included (the search stops at its deadline; one
 * iteration takes 0.3–2 ms there). A phone taken as 3 times slower searches a third as many
 * iterations in that second, and the work outside the search (~30 ms here, ~100 ms there)
 * keeps its answer near 1.1 s: within the 1.5 s wanted on a phone, with room for the messages
 * between the page and the worker. Hard's strength goals are stated at 1 s per decision
 * (docs/bots-hard.md), so the budget stays at 1,000 ms rather than growing to the phone's limit.
 */
export const LEVELS: Record<BotLevel, { kind: BotKind; iterations?: number; timeMs?: number }> = {
  easy: { kind: 'heuristic' },
  medium: { kind: 'ismcts', timeMs: 300 },
  hard: { kind: 'ismcts', timeMs: 1000 },
};

/** Search settings beyond the budget, for experiments (see scripts/match.ts). */
export type SearchTuning = Partial<
  Pick<SearchOptions, 'exploration' | 'policy' | 'depth' | 'reward' | 'priorWeight'>
>;

export function createBot(config: BotConfig, tuning: SearchTuning = {}): Bot {
  const preset = config.level ? LEVELS[config.level] : undefined;
  // The kind is authoritative; a level only sets the search budget of an ISMCTS bot.
  const kind = config.kind;
  switch (kind) {
    case 'random':
      return new RandomBot(config);
    case 'heuristic':
      return new HeuristicBot(config);
    case 'ismcts': {
      const fromPreset = preset?.kind === 'ismcts' ? preset : undefined;
      const iterations = config.iterations ?? fromPreset?.iterations;
      const timeMs = config.timeMs ?? fromPreset?.timeMs;
      const budget =
        iterations === undefined && timeMs === undefined
          ? { timeMs: 1000 }
          : {
              ...(iterations !== undefined && { iterations }),
              ...(timeMs !== undefined && { timeMs }),
            };
      return new IsmctsBot(config, budget, tuning);
    }
    default:
      throw new Error(`unknown bot kind: ${String(kind)}`);
  }
}
