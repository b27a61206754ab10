/**
 * @gangsta/bots — computer players for Gangsta!. Runs in Node and in a browser Web Worker (no
 * Node-only API here). Bots see only their seat's view.
 */
export type { Bot, BotConfig, BotDecision, BotKind, BotLevel } from './types.ts';
export { createBot, LEVELS, type SearchTuning } from './create.ts';
export { playGame, type PlayedGame, type PlayOptions } from './play.ts';
export {
  type BotResult,
  type GameSummary,
  type MatchOptions,
  type MatchResult,
  playMatchGame,
  runMatch,
  summarize,
  type Variants,
  wilson,
} from './tournament.ts';
export { heuristicChoice } from './heuristic/index.ts';
export { search, type SearchOptions, type SearchResult } from './ismcts/search.ts';
