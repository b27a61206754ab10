/**
 * @gangsta/engine — the public API. Bots, the command line, the web client and the server use
 * the engine through these exports only. See README.md beside this folder for a tour.
 */

export { applyLegalMove, applyMove, canUndo, isGameOver, moveKey } from './apply.ts';
export {
  type CardLookup,
  CLASSIC_CARDS,
  cardsOf,
  countSkills,
  heistInRuleset,
  SKILL_COUNT,
  type SkillSlot,
  type SkillVector,
} from './cards/index.ts';
export { HEIST_TITLES, MEMBER_NAMES, RESOURCE_TITLES } from './cards/names.ts';
export * from './cards/schema.ts';
export { decidingSeats, pendingDecision } from './decision.ts';
export { determinize } from './determinize.ts';
export * as fast from './fast.ts';
export { itemAt, playerAt } from './guards.ts';
export { legalMoves } from './legal.ts';
export { countIcon, gangIcons, iconsOf } from './members.ts';
export { cardsNamed, moveSchema } from './moveSchema.ts';
export {
  defaultOptionChoices,
  defaultOptionFlags,
  GAME_OPTIONS,
  type GameOptionShape,
  gameOptionShape,
  MAX_PLAYERS,
  MIN_PLAYERS,
  OPTION_CHOICES,
  OPTION_FLAGS,
  type OptionChoice,
  type OptionChoiceValue,
  type OptionFlag,
  type OptionSpec,
  optionRequirement,
  RULESETS,
} from './options.ts';
export { type GameRecord, replay } from './replay.ts';
export { CHAPTER_THRESHOLDS } from './rules/gang.ts';
export { createScenario, type Scenario } from './scenario.ts';
export { SCORE_SOURCES, type ScoreSource } from './scoreSources.ts';
export { finalScores, scoreSourceApplies } from './scoring.ts';
export { createGame, resolveOptions } from './setup.ts';
export { type HeistSolution, heistHint, type SolverMember, solveHeist } from './solver.ts';
export * from './types.ts';
export {
  type GameView,
  type PlayerView,
  playerViewFor,
  viewFor,
  visibleEvents,
} from './view.ts';
export {
  decisionSchema,
  gameEventSchema,
  gameResultSchema,
  gameViewSchema,
  memberSchema,
  playerViewSchema,
} from './viewSchema.ts';
