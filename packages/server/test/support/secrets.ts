/**
 * What a recipient must not learn at a given point of a game (R-INFO-2, R-INFO-3, R-INFO-4),
 * computed from the server-side truth (the replayed record), and the scan of one received frame
 * against it. After the game ends everything may be revealed, so game-over positions are exempt
 * from the card checks (never from the generator check).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CardId, GameState, Seat } from '@gangsta/engine';
import { at } from './lists.ts';
import type { ReplayedGame } from './records.ts';

export interface Leak {
  what: string;
  detail: string;
}

/** The truth of one game, indexed for quick frame scans. */
export class SecretIndex {
  /** Every generator state the game went through, and its seed (hidden from everyone). */
  private readonly generatorValues = new Set<string>();
  /** Per seat, then for spectators (last): card → the first move count from which it was known. */
  private readonly knownSince: Map<CardId, number>[];

  constructor(readonly game: ReplayedGame) {
    for (const state of game.states) this.generatorValues.add(String(state.rng));
    const start = at(game.states, 0, 'game state');
    this.generatorValues.add(String(start.options.seed));
    const seats = start.players.map((_, seat) => seat);
    this.knownSince = [...seats, null].map((seat) => knownCards(game.states, seat));
  }

  get moveCount(): number {
    return this.game.final.moveCount;
  }

  /** The cards `recipient` must not see after `moveCount` moves. */
  secretCards(moveCount: number, recipient: Seat | null): Set<CardId> {
    const state = this.stateAfter(moveCount);
    // Another seat's peek is the top of a deck, so the decks cover it; once the card has left
    // the deck (drawn, revealed) it is public, though the engine keeps it in `peek` till the turn ends.
    const secret = new Set<CardId>([
      ...state.heistDeck,
      ...state.gangsterDeck,
      ...state.resourceDeck,
      ...state.unkeptResources,
    ]);
    for (const player of state.players) {
      if (player.seat === recipient) continue;
      for (const card of player.dealt) secret.add(card);
      if (state.phase === 'resourceChoice')
        for (const kept of player.resources) secret.add(kept.id);
    }
    const known = at(this.knownSince, recipient ?? -1, "recipient's known cards");
    for (const [card, since] of known) if (since <= moveCount) secret.delete(card);
    return secret;
  }

  /**
   * Scans one frame (already parsed, with the card set taken out) for what `recipient` must not
   * see after `moveCount` moves. `strings` are the frame's string literals, `numbers` its digit runs.
   */
  leaks(frame: ScannedFrame, moveCount: number, recipient: Seat | null): Leak[] {
    const leaks: Leak[] = [];
    for (const key of ['rng', 'seed']) {
      if (frame.keys.has(key)) leaks.push({ what: 'generator', detail: `a "${key}" field` });
    }
    for (const number of frame.numbers) {
      if (number.length >= 5 && this.generatorValues.has(number)) {
        leaks.push({ what: 'generator', detail: `the generator value ${number}` });
      }
    }
    for (const to of frame.privateTo) {
      if (to !== recipient)
        leaks.push({ what: 'private event', detail: `an event for seat ${to}` });
    }
    const state = this.stateAfter(moveCount);
    if (state.phase === 'gameOver') return leaks;
    for (const card of this.secretCards(moveCount, recipient)) {
      if (frame.strings.has(card))
        leaks.push({
          what: 'hidden card',
          detail: `${card} ${whereIs(state, card)}`,
        });
    }
    return leaks;
  }

  /** The game's state after `moveCount` moves; a count past the game's end throws. */
  stateAfter(moveCount: number): GameState {
    return at(this.game.states, moveCount, 'game state after that many moves');
  }
}

/** A received frame prepared for scanning. */
export interface ScannedFrame {
  strings: Set<string>;
  keys: Set<string>;
  numbers: string[];
  /** The `to` of every private event it carries. */
  privateTo: Seat[];
}

/** Walks a parsed frame once, collecting its strings, keys, numbers and private events. */
export function scanFrame(value: unknown): ScannedFrame {
  const scanned: ScannedFrame = { strings: new Set(), keys: new Set(), numbers: [], privateTo: [] };
  walk(value, scanned);
  return scanned;
}

function walk(value: unknown, into: ScannedFrame): void {
  if (typeof value === 'string') {
    into.strings.add(value);
    for (const digits of value.match(/\d+/g) ?? []) into.numbers.push(digits);
  } else if (typeof value === 'number') {
    into.numbers.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) walk(item, into);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string' && typeof record.to === 'number')
      into.privateTo.push(record.to);
    for (const [key, item] of Object.entries(record)) {
      into.keys.add(key);
      into.strings.add(key);
      walk(item, into);
    }
  }
}

/**
 * Per card, the first move count from which `seat` (null: everyone) legitimately knew it: it was
 * face up (outside every hidden place, or the heist being attempted from the top of the deck,
 * which may go back there), or it was the seat's own dealt, kept or peeked card. The later
 * chapters' heists count as hidden: only their sorted list is public, never a position.
 */
function knownCards(states: GameState[], seat: Seat | null): Map<CardId, number> {
  const all = allCardIds(at(states, 0, 'game state'));
  const known = new Map<CardId, number>();
  states.forEach((state, moveCount) => {
    const hidden = hiddenPlaces(state);
    const seen: (CardId | null | undefined)[] = [...all].filter((card) => !hidden.has(card));
    seen.push(state.heist?.card);
    if (seat !== null) {
      const player = at(state.players, seat, 'player');
      seen.push(
        ...player.dealt,
        ...player.resources.map((r) => r.id),
        player.peek.heist,
        player.peek.gangster,
      );
    }
    for (const card of seen) if (card && !known.has(card)) known.set(card, moveCount);
  });
  return known;
}

function allCardIds(state: GameState): Set<CardId> {
  const { bosses, gangsters, heists, snitches, resources } = state.cards;
  return new Set(
    [...bosses, ...gangsters, ...heists, ...snitches, ...resources].map((card) => card.id),
  );
}

/** Every place whose cards nobody (or only their owner) may see. */
function hiddenPlaces(state: GameState): Set<CardId> {
  const hidden = new Set<CardId>([
    ...state.heistDeck,
    ...state.gangsterDeck,
    ...state.resourceDeck,
    ...state.unkeptResources,
    ...state.laterHeists,
  ]);
  for (const player of state.players) {
    for (const card of player.dealt) hidden.add(card);
    if (state.phase === 'resourceChoice') for (const kept of player.resources) hidden.add(kept.id);
  }
  return hidden;
}

/** Where a hidden card is, for failure messages. */
function whereIs(state: GameState, card: CardId): string {
  const places: [string, CardId[]][] = [
    ['in the heist deck', state.heistDeck],
    ['in the gangster deck', state.gangsterDeck],
    ['in the resource deck', state.resourceDeck],
    ['among the unkept resources', state.unkeptResources],
  ];
  for (const [where, cards] of places) if (cards.includes(card)) return where;
  const owner = state.players.find(
    (p) => p.dealt.includes(card) || p.resources.some((r) => r.id === card),
  );
  return owner ? `in seat ${owner.seat}'s resource choice` : 'hidden';
}

/** Takes the (public, static) card set out of a frame's view, checking it is the game's. */
export function withoutCardSet(
  message: Record<string, unknown>,
  cards: unknown,
): Record<string, unknown> {
  const frame = message.frame as { view?: { cards?: unknown } } | null | undefined;
  if (!frame?.view || !('cards' in frame.view)) return message;
  if (!isDeepStrictEqual(frame.view.cards, cards))
    throw new Error('a frame carries another card set than the game’s');
  const { cards: _cards, ...view } = frame.view;
  return { ...message, frame: { ...frame, view } };
}
