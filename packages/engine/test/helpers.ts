/**
 * Scenario helpers for rules tests: set up an exact position in a few lines, play moves by
 * their short description, and read the result.
 */
import { expect } from 'vitest';
import {
  applyMove,
  type CardSet,
  CLASSIC_CARDS,
  createGame,
  createScenario,
  type GameEvent,
  type GameOptionsInput,
  type GameRecord,
  type GameState,
  isGameOver,
  legalMoves,
  type Move,
  pendingDecision,
  type Scenario,
} from '../src/index.ts';

/** A state from a scenario; fails the test with the engine's message if it is invalid. */
export function scenario(input: Scenario): GameState {
  const result = createScenario(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

export interface Played {
  state: GameState;
  events: GameEvent[];
}

/** Plays moves (which must be legal), collecting the events. */
export function play(state: GameState, ...moves: Move[]): Played {
  const events: GameEvent[] = [];
  for (const move of moves) {
    const result = applyMove(state, move);
    if (!result.ok) {
      throw new Error(
        `${JSON.stringify(move)} refused: ${result.error.message}\nlegal: ${JSON.stringify(legalMoves(state))}`,
      );
    }
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** The legal moves of the pending decision, as sorted `type:detail` strings. */
export function movesOf(state: GameState, seat?: number): string[] {
  return legalMoves(state, seat)
    .map((m) => {
      const { type, seat: _seat, ...rest } = m;
      const detail = Object.values(rest).join(',');
      return detail ? `${type}:${detail}` : type;
    })
    .sort();
}

export function expectDecision(state: GameState, kind: string, seat?: number): void {
  const decision = pendingDecision(state);
  expect(decision.kind).toBe(kind);
  if (seat !== undefined) expect('seat' in decision ? decision.seat : undefined).toBe(seat);
}

/** A seat's player in a state or a view; fails the test clearly when the table has no such seat. */
export function seatOf<P>(holder: { readonly players: readonly P[] }, seat: number): P {
  const player = holder.players[seat];
  if (player === undefined) throw new Error(`no seat ${seat} (${holder.players.length} players)`);
  return player;
}

/** One of `items` at random; fails the test clearly when there is nothing to pick. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return nth(items, Math.floor(random() * items.length));
}

/** `items[index]`, failing the test clearly when it is missing. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`nothing at index ${index} of ${items.length}`);
  return item;
}

export function member(state: GameState, seat: number, id: string) {
  const found = seatOf(state, seat).gang.find((m) => m.id === id);
  if (!found) throw new Error(`${id} is not in seat ${seat}'s gang`);
  return found;
}

/** The events of one type, typed. */
export function eventsOf<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** A copy of the classic card set changed by `edit` (for positions the classic cards cannot make). */
export function customCards(edit: (set: CardSet) => void): CardSet {
  const set = structuredClone(CLASSIC_CARDS);
  edit(set);
  return set;
}

/** A state from a scenario played with a custom card set. */
export function scenarioWith(cards: CardSet, input: Scenario): GameState {
  const result = createScenario(input, cards);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

/**
 * Idle turns to put in a scenario so that the next idle turn triggers the termination
 * safeguard (R-SAFE-1): a quick way to end a chapter without growing a gang.
 */
export function idleBeforeSafeguard(players: number): number {
  return 10 * players - 1;
}

/** A small seeded generator for tests (mulberry32), independent of the engine's. */
export function testRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), t | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomGame {
  record: GameRecord;
  states: GameState[];
  events: GameEvent[][];
}

/** A game played with random legal moves through the safe API, recorded move by move. */
export function randomGame(options: GameOptionsInput, seed: number, maxMoves = 3000): RandomGame {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  const random = testRandom(seed);
  let state = created.state;
  const states = [state];
  const events = [created.events];
  const moves: Move[] = [];
  while (!isGameOver(state) && moves.length < maxMoves) {
    const legal = legalMoves(state);
    const move = pick(random, legal);
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    moves.push(move);
    state = result.state;
    states.push(state);
    events.push(result.events);
  }
  const record: GameRecord = { format: 'gangsta-game', version: 1, options: state.options, moves };
  return { record, states, events };
}
