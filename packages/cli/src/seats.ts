/**
 * Seat specs on the command line: "human", "random", "heuristic", "ismcts", a kind with a
 * level ("ismcts:hard", "heuristic:easy"), a level alone ("hard": the bots package's preset),
 * or ISMCTS with an iteration budget ("ismcts:500").
 */
import { type BotConfig, type BotKind, type BotLevel, LEVELS } from '@gangsta/bots';

export type SeatSpec = { kind: 'human' } | { kind: 'bot'; config: Omit<BotConfig, 'seed'> };

const KINDS: readonly BotKind[] = ['random', 'heuristic', 'ismcts'];
const LEVEL_NAMES: readonly BotLevel[] = ['easy', 'medium', 'hard'];

function isKind(text: string): text is BotKind {
  return (KINDS as readonly string[]).includes(text);
}

function isLevel(text: string): text is BotLevel {
  return (LEVEL_NAMES as readonly string[]).includes(text);
}

/** Parses one seat; throws an Error whose message says what is accepted. */
export function parseSeat(text: string, allowHuman = true): SeatSpec {
  // Splitting a string always gives at least one part.
  const [head = '', tail, ...rest] = text.toLowerCase().split(':');
  const accepted = `use ${allowHuman ? 'human, ' : ''}random, heuristic, ismcts, easy, medium, hard, or kind:level (e.g. ismcts:hard)`;
  if (rest.length > 0) throw new Error(`too many ":" parts; ${accepted}`);
  if (head === 'human' && tail === undefined) {
    if (!allowHuman) throw new Error('no human seats here; use a bot kind');
    return { kind: 'human' };
  }
  if (isLevel(head) && tail === undefined) {
    return { kind: 'bot', config: { ...LEVELS[head], level: head } };
  }
  if (!isKind(head)) throw new Error(`unknown seat "${head}"; ${accepted}`);
  if (tail === undefined) return { kind: 'bot', config: { kind: head } };
  // The bots package reads the level (its search budget) itself.
  if (isLevel(tail)) return { kind: 'bot', config: { kind: head, level: tail } };
  if (/^\d+$/.test(tail) && head === 'ismcts') {
    return { kind: 'bot', config: { kind: head, iterations: Number(tail) } };
  }
  throw new Error(
    `unknown level "${tail}"; use easy, medium, hard${head === 'ismcts' ? ' or an iteration count' : ''}`,
  );
}

/** Short label of a seat spec: "human", "heuristic", "ismcts:hard", "ismcts:500". */
export function seatLabel(spec: SeatSpec): string {
  if (spec.kind === 'human') return 'human';
  return botLabel(spec.config);
}

export function botLabel(config: Omit<BotConfig, 'seed'>): string {
  if (config.level) return `${config.kind}:${config.level}`;
  if (config.iterations !== undefined && config.kind === 'ismcts')
    return `ismcts:${config.iterations}`;
  return config.kind;
}

/**
 * The seed of the bot that plays `seat` for a whole game, from the game seed, so a seed
 * reproduces the bots' choices too: the bot is created once and draws from its own generator
 * from then on. Not `botSeed` of @gangsta/bots, which seeds one decision from the move number
 * (the web client and the server create a bot per decision, so a reload answers alike). The
 * formula stays as it is: docs/balance.md and the simulate and tournament figures are
 * reproduced from their seeds with it.
 */
export function seatBotSeed(gameSeed: number, seat: number): number {
  return (Math.imul(gameSeed ^ 0x9e3779b9, 31) + (seat + 1) * 7919) >>> 0;
}
