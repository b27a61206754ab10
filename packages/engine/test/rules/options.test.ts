/** Section 16 of docs/rules.md (R-OPT): table options of the online edition, all off by default. */
import { describe, expect, it } from 'vitest';
import { createGame, resolveOptions, viewFor, visibleEvents } from '../../src/index.ts';
import { eventsOf, idleBeforeSafeguard, play, scenario, seatOf } from '../helpers.ts';

describe('R-OPT: defaults', () => {
  it('R-OPT-1 R-OPT-2 R-OPT-3: every table option is off by default', () => {
    const resolved = resolveOptions({ players: 3 });
    expect(resolved.ok).toBe(true);
    if (resolved.ok) {
      expect(resolved.options).toMatchObject({
        minimumPassIncome: false,
        catchUpCash: false,
        privateHeistInfluence: false,
      });
    }
  });
});

describe('R-OPT-4: ruleset', () => {
  it('R-OPT-4: online unless the table says printed; any other value is refused', () => {
    const resolved = resolveOptions({ players: 2 });
    expect(resolved.ok && resolved.options.ruleset).toBe('online');
    const printed = resolveOptions({ players: 2, ruleset: 'printed' });
    expect(printed.ok && printed.options.ruleset).toBe('printed');
    const wrong = resolveOptions({ players: 2, ruleset: 'house' as never });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.message).toMatch(/^ruleset: /);
  });

  it('R-OPT-4: a saved game without a ruleset replays as online', () => {
    const game = createGame({ players: 2, seed: 3 });
    expect(game.ok && game.state.options.ruleset).toBe('online');
  });
});

describe('R-OPT-1: minimum $2 when passing', () => {
  const pass = (gang: string[], extra: Record<string, unknown>[] = []) =>
    seatOf(
      play(
        scenario({
          options: { minimumPassIncome: true },
          players: [{ boss: 'B1', gang, cash: 0, resources: extra as never }, { boss: 'B2' }],
          start: 'action',
        }),
        { type: 'pass', seat: 0 },
      ).state,
      0,
    ).cash;

  it('R-OPT-1: Leader income when passing is at least $2', () => {
    expect(pass([])).toBe(2);
    expect(pass(['G09', 'G32'])).toBe(3);
  });

  it('R-OPT-1: Black market is added after', () => {
    expect(pass([], [{ id: 'R02' }])).toBe(4);
  });

  it('R-OPT-1: off, a lone Leader gives $1', () => {
    const state = scenario({ players: [{ boss: 'B1', cash: 0 }, { boss: 'B2' }], start: 'action' });
    expect(seatOf(play(state, { type: 'pass', seat: 0 }).state, 0).cash).toBe(1);
  });
});

describe('R-OPT-2: catch-up cash', () => {
  it('R-OPT-2: +$1 per seat after the first player', () => {
    const result = createGame({
      players: 4,
      catchUpCash: true,
      firstPlayer: 1,
      bosses: ['B1', 'B2', 'B3', 'B4'],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Base money 8, 8, 6, 8; seat 1 plays first, then 2, 3, 0.
    expect(result.state.players.map((p) => p.cash)).toEqual([8 + 3, 8, 6 + 1, 8 + 2]);
  });
});

describe('R-OPT-3: private heist influence', () => {
  const state = () =>
    scenario({
      options: { privateHeistInfluence: true },
      players: [
        { boss: 'B4', heistIp: 3 },
        { boss: 'B1', heistIp: 5 },
      ],
      heistRow: ['HI-20'],
      start: 'action',
    });

  it("R-OPT-3: other players do not see a player's running heist IP", () => {
    const s = state();
    expect(viewFor(s, 0).players.map((p) => p.heistIp)).toEqual([3, null]);
    expect(viewFor(s, 1).players.map((p) => p.heistIp)).toEqual([null, 5]);
    expect(viewFor(s, null).players.map((p) => p.heistIp)).toEqual([null, null]);
  });

  it('R-OPT-3: off, everyone sees it', () => {
    const s = scenario({
      players: [
        { boss: 'B4', heistIp: 3 },
        { boss: 'B1', heistIp: 5 },
      ],
    });
    expect(viewFor(s, null).players.map((p) => p.heistIp)).toEqual([3, 5]);
  });

  it('R-OPT-3: the log still shows each heist taken', () => {
    const { events } = play(
      state(),
      { type: 'heist', seat: 0, card: 'HI-20' },
      { type: 'activate', seat: 0, member: 'B4' },
    );
    expect(eventsOf(visibleEvents(events, 1), 'heistCompleted')[0]).toMatchObject({
      seat: 0,
      card: 'HI-20',
    });
  });

  it("R-OPT-3: another player's IP gains reach the log without their amount", () => {
    const { events } = play(
      state(),
      { type: 'heist', seat: 0, card: 'HI-20' },
      { type: 'activate', seat: 0, member: 'B4' },
    );
    // HI-20 pays $1 and 1 IP.
    expect(eventsOf(visibleEvents(events, 0), 'influence')).toEqual([
      { type: 'influence', seat: 0, amount: 1, private: true },
    ]);
    for (const viewer of [1, null]) {
      const seen = visibleEvents(events, viewer);
      expect(eventsOf(seen, 'influence')).toEqual([]);
      expect(eventsOf(seen, 'influenceHidden')).toEqual([{ type: 'influenceHidden', seat: 0 }]);
    }
    // Off, everyone sees the amount.
    const open = play(
      scenario({ players: [{ boss: 'B4' }, { boss: 'B1' }], heistRow: ['HI-20'], start: 'action' }),
      { type: 'heist', seat: 0, card: 'HI-20' },
      { type: 'activate', seat: 0, member: 'B4' },
    );
    expect(eventsOf(visibleEvents(open.events, 1), 'influence')).toEqual([
      { type: 'influence', seat: 0, amount: 1 },
    ]);
  });

  it("R-OPT-3: another player's heist pile shows as a count, not as its cards", () => {
    const s = scenario({
      options: { privateHeistInfluence: true },
      chapter: 2,
      players: [
        { boss: 'B4', heistIp: 3, pile: ['HI-01', 'HI-20'] },
        { boss: 'B1', heistIp: 5, pile: ['HI-03'] },
      ],
      start: 'action',
    });
    expect(viewFor(s, 0).players.map((p) => [p.pile, p.pileSize])).toEqual([
      [['HI-01', 'HI-20'], 2],
      [null, 1],
    ]);
    expect(viewFor(s, null).players.map((p) => [p.pile, p.pileSize])).toEqual([
      [null, 2],
      [null, 1],
    ]);
    const text = JSON.stringify({ ...viewFor(s, 1), cards: null });
    for (const id of ['HI-01', 'HI-20']) expect(text).not.toContain(`"${id}"`);
  });

  it('R-OPT-3: revealed at the end of the game (R-INFO-4)', () => {
    const s = scenario({
      options: { privateHeistInfluence: true },
      chapter: 3,
      players: [
        { boss: 'B4', heistIp: 3 },
        { boss: 'B1', heistIp: 5 },
      ],
      idleTurns: idleBeforeSafeguard(2),
      start: 'action',
    });
    const { state: after } = play(s, { type: 'pass', seat: 0 });
    expect(after.phase).toBe('gameOver');
    expect(viewFor(after, 0).players.map((p) => p.heistIp)).toEqual([3, 5]);
    expect(viewFor(after, null).players.map((p) => p.pile)).toEqual([[], []]);
  });
});
