/** Bot presets and the factory the CLI, the web client and tournaments use. */
import { HeuristicBot, IsmctsBot, RandomBot } from './bots.ts';
import type { SearchOptions } from './ismcts/search.ts';
import type { Bot, BotConfig, BotKind, BotLevel } from './types.ts';

/**
 * Difficulty presets. Easy plays the heuristic strategy; medium and hard search with ISMCTS
 * for about a third of a second and a second per decision.
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
          : { iterations, timeMs };
      return new IsmctsBot(config, budget, tuning);
    }
    default:
      throw new Error(`unknown bot kind: ${String(kind)}`);
  }
}
