/** Section 2 of docs/rules.md (R-SETUP): creating a game, and the resource deal. */
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_CARDS,
  cardsOf,
  createGame,
  type GameState,
  legalMoves,
  pendingDecision,
  viewFor,
} from '../../src/index.ts';
import { eventsOf, nth, play, seatOf } from '../helpers.ts';

const cards = cardsOf(CLASSIC_CARDS);

function created(input: Parameters<typeof createGame>[0]): GameState {
  const result = createGame(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

describe('R-SETUP-1: Bosses', () => {
  it('R-SETUP-1: each player gets a distinct Boss, its starting money, and it starts available', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const state = created({ players: 4, seed });
      const bosses = state.players.map((p) => p.boss);
      expect(new Set(bosses).size).toBe(4);
      for (const player of state.players) {
        expect(cards.kindOf(player.boss)).toBe('boss');
        expect(player.cash).toBe(cards.boss(player.boss).money);
        expect(player.gang).toEqual([{ id: player.boss, engaged: false }]);
      }
    }
  });

  it('R-SETUP-1: the Bosses are dealt at random (the seed decides)', () => {
    const deals = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      deals.add(
        created({ players: 2, seed })
          .players.map((p) => p.boss)
          .join(),
      );
    }
    expect(deals.size).toBeGreaterThan(3);
  });

  it('R-SETUP-1: a table may deal the Bosses itself', () => {
    const state = created({ players: 2, bosses: ['B5', 'B3'] });
    expect(state.players.map((p) => [p.boss, p.cash])).toEqual([
      ['B5', 6],
      ['B3', 6],
    ]);
  });
});

describe('R-SETUP-2: the rows', () => {
  it('R-SETUP-2: 5 chapter I heists face up, 5 gangsters face up, the rest in the decks', () => {
    const state = created({ players: 3, seed: 7 });
    expect(state.chapter).toBe(1);
    expect(state.heistRow).toHaveLength(5);
    for (const id of state.heistRow) expect(cards.heist(id!).chapter).toBe(1);
    expect(state.heistDeck).toHaveLength(25);
    expect(state.recruitRow).toHaveLength(5);
    for (const id of state.recruitRow) expect(cards.kindOf(id!)).toBe('gangster');
    expect(state.gangsterDeck).toHaveLength(30);
    const all = new Set([...state.recruitRow, ...state.gangsterDeck]);
    expect(all.size).toBe(35);
  });

  it('R-SETUP-2: both decks are shuffled', () => {
    const a = created({ players: 2, seed: 1 });
    const b = created({ players: 2, seed: 2 });
    expect(a.heistDeck).not.toEqual(b.heistDeck);
    expect(a.gangsterDeck).not.toEqual(b.gangsterDeck);
  });
});

describe('R-SETUP-3: resource cards', () => {
  it('R-SETUP-3: each player is dealt 2 and keeps 1, all choosing at once', () => {
    const state = created({ players: 3, seed: 3, resources: true });
    expect(state.phase).toBe('resourceChoice');
    for (const p of state.players) expect(p.dealt).toHaveLength(2);
    expect(pendingDecision(state)).toEqual({ kind: 'keepResources', seats: [0, 1, 2], keep: 1 });
    // Every seat may choose now, in any order.
    for (const seat of [0, 1, 2]) expect(legalMoves(state, seat)).toHaveLength(2);
  });

  it('R-SETUP-3: expert option: dealt 3, keep 2', () => {
    const state = created({ players: 2, seed: 3, resources: true, expertResources: true });
    for (const p of state.players) expect(p.dealt).toHaveLength(3);
    expect(pendingDecision(state)).toMatchObject({ keep: 2 });
    expect(legalMoves(state, 0)).toHaveLength(3); // 3 ways to keep 2 of 3
  });

  it('R-SETUP-3: dealt after the rows are laid out (the rows do not depend on the variant)', () => {
    const plain = created({ players: 2, seed: 11 });
    const withResources = created({ players: 2, seed: 11, resources: true });
    expect(withResources.heistRow).toEqual(plain.heistRow);
    expect(withResources.recruitRow).toEqual(plain.recruitRow);
  });

  it('R-SETUP-3: choices are secret until all have chosen, then revealed; kept cards start inactive', () => {
    const state = created({ players: 2, seed: 5, resources: true, firstPlayer: 0 });
    const keep1 = nth(seatOf(state, 1).dealt, 0);
    const [keep0, drop0] = [nth(seatOf(state, 0).dealt, 0), nth(seatOf(state, 0).dealt, 1)];
    const first = play(state, { type: 'keepResources', seat: 1, cards: [keep1] });
    // Seat 1 chose: seat 0 still sees nothing of it, and no reveal yet.
    expect(seatOf(viewFor(first.state, 0), 1).resources).toEqual([]);
    expect(seatOf(viewFor(first.state, 0), 1).resourcesChosen).toBe(true);
    expect(eventsOf(first.events, 'resourcesRevealed')).toHaveLength(0);
    expect(pendingDecision(first.state)).toMatchObject({ kind: 'keepResources', seats: [0] });
    const second = play(first.state, { type: 'keepResources', seat: 0, cards: [keep0] });
    expect(nth(eventsOf(second.events, 'resourcesRevealed'), 0).kept).toEqual([[keep0], [keep1]]);
    expect(seatOf(second.state, 0).resources).toEqual([{ id: keep0, active: false }]);
    expect(seatOf(second.state, 1).resources).toEqual([{ id: keep1, active: false }]);
    // The cards not kept leave the game unseen.
    expect(second.state.unkeptResources).toContain(drop0);
    const { cards: _cards, ...view } = viewFor(second.state, 1);
    expect(JSON.stringify(view).includes(`"${drop0}"`)).toBe(false);
    // Then the first turn starts.
    expect(second.state.phase).not.toBe('resourceChoice');
    expect(second.state.turn.seat).toBe(0);
  });
});

describe('R-SETUP-5: the printed ruleset chooses resource cards before the rows', () => {
  const printed = (seed: number) =>
    created({ players: 3, seed, resources: true, ruleset: 'printed', firstPlayer: 1 });

  it('R-SETUP-5: while choosing, no heist and no gangster of a row is shown to anyone', () => {
    const state = printed(7);
    expect(pendingDecision(state)).toEqual({ kind: 'keepResources', seats: [0, 1, 2], keep: 1 });
    for (const viewer of [0, 1, 2, null]) {
      const view = viewFor(state, viewer);
      expect(view.heistRow).toEqual([null, null, null, null, null]);
      expect(view.recruitRow).toEqual([null, null, null, null, null]);
      // The decks are shuffled and complete: 30 heists of chapter I, 35 gangsters.
      expect(view.heistDeckCount).toBe(30);
      expect(view.gangsterDeckCount).toBe(35);
    }
  });

  it('R-SETUP-5: once every seat has chosen, the rows are dealt and chapter I begins', () => {
    let state = printed(7);
    const events = [];
    for (const seat of [2, 0, 1]) {
      const step = play(state, {
        type: 'keepResources',
        seat,
        cards: [nth(seatOf(state, seat).dealt, 0)],
      });
      state = step.state;
      events.push(...step.events);
    }
    expect(state.heistRow.every((id) => id !== null && cards.kindOf(id) === 'heist')).toBe(true);
    expect(state.recruitRow.every((id) => id !== null && cards.kindOf(id) === 'gangster')).toBe(
      true,
    );
    expect(state.heistDeck).toHaveLength(25);
    expect(state.gangsterDeck).toHaveLength(30);
    const kinds = events.map((e) => e.type);
    // Revealed first, then chapter I begins with its row, then the first player's turn.
    expect(kinds.indexOf('resourcesRevealed')).toBeLessThan(kinds.indexOf('chapterStarted'));
    expect(kinds.indexOf('chapterStarted')).toBeLessThan(kinds.indexOf('turnStarted'));
    expect(eventsOf(events, 'chapterStarted')).toEqual([
      { type: 'chapterStarted', chapter: 1, firstPlayer: 1, row: state.heistRow },
    ]);
    expect(state.turn.seat).toBe(1);
  });

  it('R-SETUP-3: the online ruleset shows the rows during the choice', () => {
    const state = created({ players: 3, seed: 7, resources: true, firstPlayer: 1 });
    expect(viewFor(state, 0).heistRow.every((id) => id !== null)).toBe(true);
    expect(viewFor(state, 0).recruitRow.every((id) => id !== null)).toBe(true);
  });
});

describe('R-SETUP-4: first player', () => {
  it('R-SETUP-4: chosen at random by the seed, or by the table', () => {
    const firsts = new Set<number>();
    for (let seed = 0; seed < 20; seed++) firsts.add(created({ players: 4, seed }).turn.seat);
    expect(firsts.size).toBeGreaterThan(1);
    const chosen = created({ players: 4, seed: 1, firstPlayer: 2 });
    expect(chosen.turn.seat).toBe(2);
    expect(pendingDecision(chosen)).toMatchObject({ seat: 2 });
  });

  it('R-SETUP-4: play goes in seat order', () => {
    let state = created({ players: 3, seed: 1, firstPlayer: 2 });
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(state.turn.seat);
      state = play(
        state,
        { type: 'pass', seat: state.turn.seat },
        { type: 'done', seat: state.turn.seat },
      ).state;
    }
    expect(order).toEqual([2, 0, 1, 2]);
  });
});
