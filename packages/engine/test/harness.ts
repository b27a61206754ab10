/**
 * The invariant harness over random playouts (in the spirit of OpenSpiel's basic tests): every
 * game terminates, no exception escapes, invariants hold after every move, views leak nothing,
 * the JSON round trip and the replay reproduce the game, and bad moves are refused with a typed
 * error and no change. Used by the property suite (randomGames.ts) and by scripts/fuzz.ts for long runs.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  applyMove,
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  decidingSeats,
  fast,
  type GameOptionsInput,
  type GameRecord,
  type GameState,
  heistInRuleset,
  legalMoves,
  type Move,
  moveKey,
  pendingDecision,
  playerViewFor,
  replay,
  SKILLS,
  viewFor,
} from '../src/index.ts';

/** A small seeded generator for the random player and the fuzzer (not the engine's). */
export function randomSource(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** Every option combination worth covering, chosen from the game's seed. */
export function optionsFor(seed: number): GameOptionsInput {
  const random = randomSource(seed * 7919 + 17);
  const resources = random() < 0.5;
  return {
    players: 2 + (seed % 3),
    seed,
    families: random() < 0.5,
    resources,
    expertResources: resources && random() < 0.3,
    minimumPassIncome: random() < 0.25,
    catchUpCash: random() < 0.25,
    privateHeistInfluence: random() < 0.25,
    // R-OPT-4: about a third of the games play the printed rulebooks.
    ruleset: random() < 0.35 ? 'printed' : 'online',
  };
}

export class InvariantError extends Error {}

function check(condition: boolean, message: string): void {
  if (!condition) throw new InvariantError(message);
}

/** Every card of the game is in exactly one place (Bosses not dealt are out of the game). */
export function checkCardPlaces(state: GameState): void {
  const counts = new Map<string, number>();
  const add = (id: string | null | undefined) => {
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  for (const p of state.players) {
    for (const m of [...p.gang, ...p.hospital]) {
      add(m.id);
      add(m.tucked);
    }
    p.pile.forEach(add);
    for (const r of p.resources) add(r.id);
    p.dealt.forEach(add);
  }
  for (const list of [
    state.heistRow,
    state.heistDeck,
    state.laterHeists,
    state.recruitRow,
    state.gangsterDeck,
    state.resourceDeck,
    state.unkeptResources,
    state.removed,
  ]) {
    list.forEach(add);
  }
  for (const [id, n] of counts) check(n === 1, `card ${id} is in ${n} places`);
  const cards = state.cards;
  const expected = [
    ...cards.gangsters.map((c) => c.id),
    // The printed ruleset deals no online-only heist: they are nowhere (R-OPT-4).
    ...cards.heists.filter((c) => heistInRuleset(c, state.options.ruleset)).map((c) => c.id),
    ...cards.snitches.map((c) => c.id),
    ...cards.resources.map((c) => c.id),
    ...state.players.map((p) => p.boss),
  ];
  for (const id of expected) check(counts.has(id), `card ${id} is nowhere`);
  check(
    counts.size === expected.length,
    `${counts.size} cards placed, ${expected.length} expected`,
  );
}

export function checkState(state: GameState): void {
  const cards = cardsOf(state.cards);
  for (const p of state.players) {
    check(Number.isInteger(p.cash) && p.cash >= 0, `seat ${p.seat} has cash ${p.cash}`);
    check(
      Number.isInteger(p.bank) && p.bank >= 0 && p.bank <= 10,
      `seat ${p.seat} has bank ${p.bank}`,
    );
    check(p.gang[0]?.id === p.boss, `seat ${p.seat}'s Boss is not at the head of its gang`);
    for (const m of [...p.gang, ...p.hospital]) {
      check(typeof m.engaged === 'boolean', `member ${m.id} has no state`);
      if (m.learned) {
        check(SKILLS.includes(m.learned), `member ${m.id} learned ${m.learned}`);
        check(
          !(m.learned === 'L' && cards.skillsOf(m.id).includes('L')),
          `member ${m.id} has a second Leader`,
        );
      }
    }
    for (const m of p.hospital) check(!m.engaged, `hospital member ${m.id} is engaged`);
  }
  checkCardPlaces(state);
  const decision = pendingDecision(state);
  const moves = legalMoves(state);
  if (state.phase === 'gameOver') {
    check(
      moves.length === 0 && state.result !== null,
      'a finished game offers moves or has no result',
    );
  } else {
    check(moves.length > 0, `no legal move for decision ${decision.kind}`);
    const movers = [...new Set(moves.map((m) => m.seat))].sort((a, b) => a - b);
    check(
      movers.join() === decidingSeats(decision).join(),
      `moves for seats ${movers} but ${decision.kind} waits for ${decidingSeats(decision)}`,
    );
    const keys = new Set(moves.map(moveKey));
    check(keys.size === moves.length, `duplicate legal moves for ${decision.kind}`);
  }
}

/** The state as JSON text without its (large, constant) card set. */
export function stateText(state: GameState): string {
  return JSON.stringify({ ...state, cards: null });
}

/** A copy of the state with every hidden thing changed: no view may tell them apart. */
function scrambleHidden(state: GameState, random: () => number, viewer: number | null): GameState {
  const other = JSON.parse(stateText(state)) as GameState;
  other.cards = state.cards;
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      // 0 <= j <= i < items.length: both slots exist.
      const swap = items[i] as T;
      items[i] = items[j] as T;
      items[j] = swap;
    }
  };
  other.rng = (state.rng + 12345) >>> 0;
  const heistTop = other.heistDeck[0];
  const gangsterTop = other.gangsterDeck[0];
  shuffle(other.heistDeck);
  shuffle(other.gangsterDeck);
  shuffle(other.laterHeists);
  // Peeks are the viewer's own: keep the peeked cards where their owner saw them.
  if (other.players.some((p) => p.peek.heist) && heistTop) {
    other.heistDeck.splice(other.heistDeck.indexOf(heistTop), 1);
    other.heistDeck.unshift(heistTop);
  }
  if (other.players.some((p) => p.peek.gangster) && gangsterTop) {
    other.gangsterDeck.splice(other.gangsterDeck.indexOf(gangsterTop), 1);
    other.gangsterDeck.unshift(gangsterTop);
  }
  // Resource cards the viewer cannot see: the decks, and other seats' dealt cards.
  const secret = other.players.filter((p) => p.seat !== viewer && p.dealt.length > 0);
  const pool = [...other.resourceDeck, ...other.unkeptResources, ...secret.flatMap((p) => p.dealt)];
  shuffle(pool);
  for (const p of secret) p.dealt = pool.splice(0, p.dealt.length);
  other.resourceDeck = pool.splice(0, other.resourceDeck.length);
  other.unkeptResources = pool;
  // R-OPT-3: other seats' piles and heist IP, before the end (their sizes are public).
  if (other.options.privateHeistInfluence && other.phase !== 'gameOver') {
    const hidden = other.players.filter((p) => p.seat !== viewer);
    const piles = hidden.flatMap((p) => p.pile);
    shuffle(piles);
    for (const p of hidden) {
      p.pile = piles.splice(0, p.pile.length);
      p.heistIp += 1 + Math.floor(random() * 5);
    }
  }
  return other;
}

/** Views of every seat and of a spectator are blind to hidden information (R-INFO). */
export function checkViews(state: GameState, random: () => number): void {
  for (const viewer of [null, ...state.players.map((p) => p.seat)]) {
    const other = scrambleHidden(state, random, viewer);
    const view = viewFor(state, viewer);
    const text = JSON.stringify({ ...view, cards: null });
    check(
      !text.includes('"rng"') && !text.includes('"heistDeck"') && !text.includes('"gangsterDeck"'),
      'a view shows hidden fields',
    );
    check(
      isDeepStrictEqual(view, viewFor(other, viewer)),
      `the view of ${viewer} depends on hidden information`,
    );
    for (const p of state.players)
      check(
        isDeepStrictEqual(playerViewFor(state, p.seat, viewer), view.players[p.seat]),
        `playerViewFor(${p.seat}, ${viewer}) is not the view's player`,
      );
    // A seat's view is the spectator's but for its own player (the server shares the rest).
    const spectator = viewFor(state, null);
    check(
      isDeepStrictEqual(
        { ...view, viewer: null, players: view.players.filter((p) => p.seat !== viewer) },
        { ...spectator, players: spectator.players.filter((p) => p.seat !== viewer) },
      ),
      `the view of ${viewer} differs from a spectator's beyond its own player`,
    );
    for (const p of state.players) {
      if (p.seat === viewer) continue;
      for (const id of p.dealt)
        check(
          !text.includes(`"${id}"`) ||
            view.players.some((q) => q.resources.some((r) => r.id === id)),
          `seat ${viewer} sees dealt card ${id}`,
        );
    }
  }
}

/** Random garbage and random illegal moves are refused with a typed error and change nothing. */
export function checkBadMoves(state: GameState, random: () => number): void {
  const before = stateText(state);
  const legal = new Set(legalMoves(state).map(moveKey));
  const ids = [
    ...CLASSIC_CARDS.gangsters.map((c) => c.id),
    ...CLASSIC_CARDS.heists.map((c) => c.id),
    'NOPE',
  ];
  const types = [
    'keepResources',
    'ready',
    'headquarters',
    'bank',
    'recruit',
    'recruitFromDeck',
    'heist',
    'heistFromDeck',
    'pass',
    'removeIcon',
    'activate',
    'abandonHeist',
    'train',
    'target',
    'discardMember',
    'mobilizeGang',
    'engage',
    'returnFromHospital',
    'discardRow',
    'done',
  ];
  const garbage: unknown[] = [
    null,
    42,
    'pass',
    {},
    { type: 'pass' },
    { type: 'fly', seat: 0 },
    { type: 'recruit', seat: 0 },
    { type: 'pass', seat: -1 },
    { type: 'pass', seat: 0, extra: true },
    { type: 'bank', seat: 0, amount: 0.5 },
  ];
  for (let i = 0; i < 4; i++) {
    const type = pick(random, types);
    const seat = Math.floor(random() * 4);
    const id = pick(random, ids);
    const move = {
      type,
      seat,
      card: id,
      member: id,
      target: Math.floor(random() * 4),
      amount: Math.floor(random() * 7) - 3,
      skill: pick(random, SKILLS),
      cards: [id],
    };
    const fields: Record<string, string[]> = {
      keepResources: ['cards'],
      ready: ['member'],
      bank: ['amount'],
      recruit: ['card'],
      heist: ['card'],
      removeIcon: ['skill'],
      activate: ['member'],
      train: ['member'],
      target: ['target'],
      discardMember: ['member'],
      engage: ['member'],
      returnFromHospital: ['member'],
      discardRow: ['card'],
    };
    const candidate: Record<string, unknown> = { type, seat };
    for (const f of fields[type] ?? []) candidate[f] = move[f as keyof typeof move];
    garbage.push(candidate);
  }
  for (const input of garbage) {
    const result = applyMove(state, input);
    if (result.ok) {
      check(
        legal.has(moveKey(input as Move)),
        `an illegal move was accepted: ${JSON.stringify(input)}`,
      );
      continue;
    }
    check(
      typeof result.error.code === 'string' && result.error.message.length > 0,
      'an error without code or message',
    );
    check(
      stateText(state) === before,
      `a refused move changed the state: ${JSON.stringify(input)}`,
    );
  }
}

export interface GameReport {
  moves: number;
  turns: number;
  players: number;
  reason: string;
}

export interface FuzzSettings {
  /** Check views every N moves (1 = every move). */
  viewEvery: number;
  /** Throw garbage at the engine every N moves. */
  badMoveEvery: number;
  /** Compare the fast path with the safe one every N moves. */
  fastEvery: number;
  maxMoves: number;
}

export const DEFAULT_FUZZ: FuzzSettings = {
  viewEvery: 13,
  badMoveEvery: 17,
  fastEvery: 5,
  maxMoves: 50_000,
};

/** Plays one random game through the safe API, checking everything; throws on the first failure. */
export function fuzzGame(seed: number, settings: FuzzSettings = DEFAULT_FUZZ): GameReport {
  const options = optionsFor(seed);
  const created = createGame(options);
  if (!created.ok) throw new InvariantError(created.error.message);
  let state = created.state;
  const random = randomSource(seed + 1);
  const record: GameRecord = {
    format: 'gangsta-game',
    version: 1,
    options: state.options,
    moves: [],
  };
  const events = [created.events];
  checkState(state);
  while (state.phase !== 'gameOver') {
    check(
      record.moves.length < settings.maxMoves,
      `game ${seed} did not end in ${settings.maxMoves} moves`,
    );
    const n = record.moves.length;
    if (n % settings.viewEvery === 0) checkViews(state, random);
    if (n % settings.badMoveEvery === 0) checkBadMoves(state, random);
    const move = pick(random, legalMoves(state));
    const result = applyMove(state, move);
    if (!result.ok)
      throw new InvariantError(
        `legal move refused: ${JSON.stringify(move)}: ${result.error.message}`,
      );
    if (n % settings.fastEvery === 0) {
      const copy = fast.clone(state);
      fast.apply(copy, move);
      copy.undoFloor = result.state.undoFloor;
      check(
        isDeepStrictEqual(copy, result.state),
        `the fast path disagrees after ${JSON.stringify(move)}`,
      );
    }
    state = result.state;
    record.moves.push(move);
    events.push(result.events);
    checkState(state);
  }
  const roundTrip = JSON.parse(stateText(state));
  roundTrip.cards = state.cards;
  check(isDeepStrictEqual(roundTrip, state), 'the state does not survive a JSON round trip');
  const replayed = replay(JSON.parse(JSON.stringify(record)));
  check(replayed.ok, `the record does not replay: ${replayed.ok ? '' : replayed.error.message}`);
  if (replayed.ok) {
    check(isDeepStrictEqual(replayed.state, state), 'replay gives a different state');
    check(isDeepStrictEqual(replayed.events, events), 'replay gives different events');
  }
  return {
    moves: record.moves.length,
    turns: state.turnNumber,
    players: state.players.length,
    reason: state.result!.reason,
  };
}
