/**
 * Section 15 of docs/rules.md (R-INFO): what each seat and a spectator may see. Views are the only
 * way out of the engine, so two states that differ only in hidden information must give
 * identical views; `determinize` goes the other way (a full state consistent with a view).
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  determinize,
  type GameState,
  isGameOver,
  legalMoves,
  viewFor,
  visibleEvents,
} from '../../src/index.ts';
import { idleBeforeSafeguard, nth, play, randomGame, scenario, seatOf } from '../helpers.ts';

/** Every viewer of a game: each seat, and a spectator. */
function viewers(state: GameState): (number | null)[] {
  return [...state.players.map((p) => p.seat), null];
}

/** A copy of `state` changed by `edit` (only hidden fields should be edited). */
function variant(state: GameState, edit: (s: GameState) => void): GameState {
  const copy = structuredClone(state);
  edit(copy);
  return copy;
}

const midGame = () =>
  scenario({
    chapter: 2,
    players: [
      {
        boss: 'B1',
        gang: [{ id: 'G08', engaged: true, learned: 'H' }, 'G31'],
        cash: 4,
        bank: 3,
        heistIp: 2,
        pile: ['HI-02'],
        hospital: ['G22'],
        resources: [{ id: 'R09' }, { id: 'R11' }, { id: 'R10', active: false }],
      },
      { boss: 'B2', gang: ['G15'], cash: 1, heistIp: 1 },
    ],
    heistRow: ['HII-01', 'HII-02'],
    recruitRow: ['G01', 'G02'],
    snitchesThisChapter: 1,
    removed: ['SII-1'],
    start: 'action',
  });

describe('R-INFO-1: public information', () => {
  it('R-INFO-1: gangs (states and icons), money, Bank, hospitals, rows, deck sizes, chapter, snitches, resources, heist IP', () => {
    const state = midGame();
    const view = viewFor(state, null);
    const p0 = seatOf(view, 0);
    expect(p0.gang).toEqual([
      { id: 'B1', engaged: false },
      { id: 'G08', engaged: true, learned: 'H' },
      { id: 'G31', engaged: false },
    ]);
    expect([p0.cash, p0.bank, p0.heistIp]).toEqual([4, 3, 2]);
    expect(p0.hospital.map((m) => m.id)).toEqual(['G22']);
    expect(p0.pile).toEqual(['HI-02']);
    expect(p0.resources).toEqual([
      { id: 'R09', active: true },
      { id: 'R11', active: true },
      { id: 'R10', active: false },
    ]);
    expect(view.heistRow.slice(0, 2)).toEqual(['HII-01', 'HII-02']);
    expect(view.recruitRow.slice(0, 2)).toEqual(['G01', 'G02']);
    expect(view.heistDeckCount).toBe(state.heistDeck.length);
    expect(view.gangsterDeckCount).toBe(state.gangsterDeck.length);
    expect([view.chapter, view.snitchesThisChapter]).toEqual([2, 1]);
    // The card data travels with the view, so every icon can be read.
    expect(view.cards.gangsters.find((g) => g.id === 'G31')?.skills).toEqual(['M', 'M']);
    expect(view.decision).toEqual({ kind: 'action', seat: 0 });
  });

  it('R-INFO-1: the log is public', () => {
    const state = midGame();
    const { events } = play(state, { type: 'recruit', seat: 0, card: 'G01' });
    expect(visibleEvents(events, null)).toEqual(events);
  });
});

describe('R-INFO-2: hidden from everyone', () => {
  it('R-INFO-2: the order of every deck, and the generator, are hidden', () => {
    const state = midGame();
    const other = variant(state, (s) => {
      s.heistDeck.reverse();
      s.gangsterDeck.reverse();
      s.resourceDeck.reverse();
      s.rng = (s.rng + 12345) >>> 0;
      s.options.seed = 99;
    });
    expect(other.heistDeck).not.toEqual(state.heistDeck);
    for (const viewer of viewers(state)) {
      expect(viewFor(other, viewer)).toEqual(viewFor(state, viewer));
    }
  });

  it('R-INFO-2: the old deck leaving at a chapter end does not reveal its order', () => {
    const state = scenario({
      players: [{ boss: 'B1' }, { boss: 'B2' }],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const other = variant(state, (s) => {
      s.heistDeck.reverse();
    });
    const ended = play(state, { type: 'pass', seat: 0 }).state;
    const endedOther = play(other, { type: 'pass', seat: 0 }).state;
    expect(ended.chapter).toBe(2);
    for (const viewer of viewers(ended)) {
      expect(viewFor(endedOther, viewer)).toEqual(viewFor(ended, viewer));
    }
  });

  it('R-INFO-2: resource cards not kept are hidden', () => {
    const created = createGame({ players: 2, seed: 8, resources: true });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    for (const seat of [0, 1]) {
      state = play(state, {
        type: 'keepResources',
        seat,
        cards: [nth(seatOf(state, seat).dealt, 0)],
      }).state;
    }
    const other = variant(state, (s) => {
      // Swap an unkept card with one never dealt: nobody can tell.
      const unkept = nth(s.unkeptResources, 0);
      s.unkeptResources[0] = nth(s.resourceDeck, 0);
      s.resourceDeck[0] = unkept;
    });
    for (const viewer of viewers(state)) {
      expect(viewFor(other, viewer)).toEqual(viewFor(state, viewer));
    }
    const { cards: _cards, ...view } = viewFor(state, null);
    expect(JSON.stringify(view).includes(`"${state.unkeptResources[0]}"`)).toBe(false);
  });
});

describe('R-INFO-3: hidden from all but one player', () => {
  it("R-INFO-3: a seat's dealt cards and its choice before the reveal", () => {
    const created = createGame({ players: 3, seed: 2, resources: true });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.state;
    // Seat 1 was dealt other cards: seats 0, 2 and spectators cannot tell.
    const otherDeal = variant(state, (s) => {
      const dealt = seatOf(s, 1).dealt;
      seatOf(s, 1).dealt = s.resourceDeck.splice(0, 2, ...dealt);
    });
    for (const viewer of [0, 2, null]) {
      expect(viewFor(otherDeal, viewer)).toEqual(viewFor(state, viewer));
    }
    expect(viewFor(otherDeal, 1)).not.toEqual(viewFor(state, 1));
    // Seat 1 chose; which card it kept stays secret until everyone has chosen.
    const a = nth(seatOf(state, 1).dealt, 0);
    const b = nth(seatOf(state, 1).dealt, 1);
    const keptA = play(state, { type: 'keepResources', seat: 1, cards: [a] }).state;
    const keptB = play(state, { type: 'keepResources', seat: 1, cards: [b] }).state;
    for (const viewer of [0, 2, null]) {
      expect(viewFor(keptB, viewer)).toEqual(viewFor(keptA, viewer));
    }
    expect(seatOf(viewFor(keptA, 1), 1).resources).toEqual([{ id: a, active: false }]);
  });

  it('R-INFO-3: what Biker gang and Informant network showed a seat', () => {
    const state = scenario({
      players: [{ boss: 'B1', resources: [{ id: 'R10' }, { id: 'R12' }] }, { boss: 'B2' }],
      heistDeck: ['HI-01'],
      gangsterDeck: ['G01'],
    });
    expect(seatOf(state, 0).peek).toEqual({ heist: 'HI-01', gangster: 'G01' });
    const other = variant(state, (s) => {
      s.heistDeck = ['HI-02', ...s.heistDeck.filter((id) => id !== 'HI-02')];
      s.gangsterDeck = ['G02', ...s.gangsterDeck.filter((id) => id !== 'G02')];
      seatOf(s, 0).peek = { heist: 'HI-02', gangster: 'G02' };
    });
    for (const viewer of [1, null]) {
      expect(viewFor(other, viewer)).toEqual(viewFor(state, viewer));
    }
    expect(seatOf(viewFor(state, 0), 0).peek).toEqual({ heist: 'HI-01', gangster: 'G01' });
  });
});

describe('R-INFO-4: each client gets only what its seat may see', () => {
  it('R-INFO-4: private events reach only their seat; a spectator sees only public ones', () => {
    const created = createGame({ players: 2, seed: 3, resources: true });
    if (!created.ok) throw new Error(created.error.message);
    const dealt = created.events.filter((e) => e.type === 'resourcesDealt');
    expect(dealt).toHaveLength(2);
    expect(visibleEvents(created.events, 0).filter((e) => e.type === 'resourcesDealt')).toEqual([
      dealt[0],
    ]);
    expect(visibleEvents(created.events, null).some((e) => e.type === 'resourcesDealt')).toBe(
      false,
    );
    const spectator = viewFor(created.state, null);
    expect(spectator.players.every((p) => p.dealt.length === 0)).toBe(true);
    expect(seatOf(viewFor(created.state, 0), 0).dealt).toHaveLength(2);
  });

  it('R-INFO-4: a view never holds the generator, the seed or the decks', () => {
    const view = viewFor(midGame(), 0) as unknown as Record<string, unknown>;
    for (const key of ['rng', 'heistDeck', 'gangsterDeck', 'resourceDeck', 'unkeptResources']) {
      expect(key in view).toBe(false);
    }
    expect('seed' in (view.options as object)).toBe(false);
  });
});

describe('R-INFO: determinize', () => {
  const games = [
    randomGame({ players: 2, seed: 11 }, 11),
    randomGame({ players: 3, seed: 12, resources: true, privateHeistInfluence: true }, 12),
    randomGame({ players: 4, seed: 13, resources: true, expertResources: true }, 13),
  ];

  it('R-INFO-2 R-INFO-3: a determinized state gives back the same view to its viewer', () => {
    for (const game of games) {
      const n = game.states.length;
      for (const index of [0, 1, 2, 3, Math.floor(n / 3), Math.floor(n / 2), n - 2, n - 1]) {
        const state = nth(game.states, Math.max(0, Math.min(index, n - 1)));
        for (const viewer of viewers(state)) {
          const view = viewFor(state, viewer);
          const sampled = determinize(view, 1000 + index);
          expect(viewFor(sampled, viewer)).toEqual(view);
        }
      }
    }
  });

  it('R-INFO-2: determinize samples the hidden cards (different seeds, different decks)', () => {
    const state = nth(nth(games, 0).states, 5);
    const view = viewFor(state, 0);
    const decks = new Set([1, 2, 3, 4].map((seed) => determinize(view, seed).gangsterDeck.join()));
    expect(decks.size).toBeGreaterThan(1);
  });

  it('R-INFO-2: a determinized state can be played on', () => {
    for (const game of games) {
      const state = nth(game.states, Math.floor(game.states.length / 2));
      const sampled = determinize(viewFor(state, state.turn.seat), 7);
      expect(isGameOver(sampled)).toBe(false);
      const moves = legalMoves(sampled);
      expect(moves.length).toBeGreaterThan(0);
      expect(applyMove(sampled, moves[0]).ok).toBe(true);
    }
  });
});
