/** Positions for the web tests: states reached by seeded playouts, one per decision kind. */
import {
  applyMove,
  createGame,
  type DecisionKind,
  type GameOptionsInput,
  type GameState,
  legalMoves,
  type Move,
  pendingDecision,
} from '@gangsta/engine';
import type { GameController, TableSnapshot } from '../src/features/local/controller.ts';

/**
 * The item at `index` of a list (an array, a NodeList, pixel data) that the test expects to be
 * there: a missing one fails the test, saying which, instead of reading undefined.
 */
export function itemOf<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) {
    throw new Error(`expected an item at ${index}, the list has ${items.length}`);
  }
  return item;
}

/** The first item of a list the test expects to be non-empty. */
export function first<T>(items: ArrayLike<T>): T {
  return itemOf(items, 0);
}

/** A small deterministic generator for choosing moves in playouts. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

export function decidingSeat(state: GameState): number {
  const decision = pendingDecision(state);
  if (decision.kind === 'gameOver') return -1;
  return decision.kind === 'keepResources' ? first(decision.seats) : decision.seat;
}

/** Plays random legal moves (no bank shuffling, no abandoning) and calls `visit` before each. */
export function playout(
  options: GameOptionsInput,
  moveSeed: number,
  visit: (state: GameState, legal: Move[]) => void,
  maxMoves = 2000,
): GameState {
  const created = createGame(options);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const random = rng(moveSeed);
  for (let i = 0; i < maxMoves && pendingDecision(state).kind !== 'gameOver'; i++) {
    const legal = legalMoves(state, decidingSeat(state));
    visit(state, legal);
    const useful = legal.filter((m) => m.type !== 'bank' && m.type !== 'abandonHeist');
    const pool = useful.length > 0 ? useful : legal;
    const result = applyMove(state, pool[Math.floor(random() * pool.length)]);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/** The first state found for each decision kind over a few playouts of every variant. */
export function statesByDecision(): Map<DecisionKind, GameState> {
  const found = new Map<DecisionKind, GameState>();
  const variants: GameOptionsInput[] = [
    { players: 2, resources: true, expertResources: true, families: true },
    { players: 3, resources: true },
    { players: 4, resources: true, families: true },
    { players: 2 },
  ];
  for (let seed = 1; seed <= 12; seed++) {
    for (const options of variants) {
      playout({ ...options, seed }, seed * 31, (state) => {
        const kind = pendingDecision(state).kind;
        if (!found.has(kind)) found.set(kind, state);
      });
    }
  }
  return found;
}

/** Resolves when the snapshot satisfies `done` (bots move asynchronously). */
export function until(
  controller: GameController,
  done: (s: TableSnapshot) => boolean,
): Promise<TableSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = controller.getSnapshot();
      if (done(snapshot)) {
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = controller.subscribe(check);
    check();
  });
}
