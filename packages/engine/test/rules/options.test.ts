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
  });
});
