/**
 * @gangsta/bots — computer players for Gangsta!. Runs in Node and in a browser Web Worker (no
 * Node-only API here). Bots see only their seat's view.
 */

export { createBot, LEVELS, type SearchTuning } from './create.ts';
export { describeReason } from './describeReason.ts';
export { heuristicChoice } from './heuristic/index.ts';
export {
  type RootMoveStats,
  SEARCH_DEFAULTS,
  SEARCH_REVISION,
  type SearchOptions,
  type SearchResult,
  search,
  searchSignature,
} from './ismcts/search.ts';
export { type PlayedGame, type PlayOptions, playGame } from './play.ts';
export {
  conventionKind,
  REASON_IDS,
  REASONS,
  type Reason,
  type ReasonId,
  type ReasonParamKind,
  type ReasonParams,
  reason,
  reasonProblems,
} from './reasons.ts';
export {
  costliest,
  type GameReview,
  GameReviewer,
  REVIEW_DEFAULTS,
  type ReviewedDecision,
  type ReviewOptions,
  type ReviewPosition,
  reviewDecision,
  reviewGame,
  reviewPositions,
} from './review.ts';
export { botSeed } from './seed.ts';
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
export type { Bot, BotConfig, BotDecision, BotKind, BotLevel } from './types.ts';
