/** Section 4 of docs/rules.md (R-TURN): the order of a turn, the mandatory action, and undo. */
import { describe, expect, it } from 'vitest';
import { applyMove, canUndo, type GameState, legalMoves } from '../../src/index.ts';
import { expectDecision, member, movesOf, play, scenario, seatOf } from '../helpers.ts';

/** Applies one move and returns the result's `undoable` with the new state. */
function applyOne(state: GameState, move: Parameters<typeof applyMove>[1]) {
  const result = applyMove(state, move);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

describe('R-TURN-1: the order of a turn', () => {
  it('R-TURN-1: start-of-turn effects, mobilization, one action, end-of-turn effects', () => {
    // Seat 1 passes; seat 0's turn starts with Counterfeit printer (+$1), then mobilization
    // (the engaged G09 can be readied), the action, and Secret society at the end.
    const state = scenario({
      players: [
        {
          boss: 'B4',
          gang: [{ id: 'G09', engaged: true }, 'G26'],
          cash: 0,
          resources: [{ id: 'R04' }, { id: 'R08' }],
        },
        { boss: 'B2' },
      ],
      activeSeat: 1,
      start: 'action',
    });
    const passed = play(state, { type: 'pass', seat: 1 });
    const started = passed.events.findIndex((e) => e.type === 'turnStarted' && e.seat === 0);
    const printed = passed.events.findIndex(
      (e) => e.type === 'income' && e.reason === 'counterfeitPrinter',
    );
    expect(started).toBeGreaterThanOrEqual(0);
    expect(printed).toBeGreaterThan(started);
    expect(seatOf(passed.state, 0).cash).toBe(1);
    expectDecision(passed.state, 'mobilize', 0);
    const { state: acting } = play(passed.state, { type: 'done', seat: 0 });
    expectDecision(acting, 'action', 0);
    // The action (a pass); then Secret society lets the engaged Leader be readied.
    const acted = play(acting, { type: 'pass', seat: 0 });
    expectDecision(acted.state, 'secretSociety', 0);
    expect(movesOf(acted.state)).toEqual(['done', 'ready:G09']);
    const { state: ended } = play(acted.state, { type: 'ready', seat: 0, member: 'G09' });
    expect(member(ended, 0, 'G09').engaged).toBe(false);
    expect(ended.turn.seat).toBe(1);
  });

  it('R-TURN-1: exactly one action per turn', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 10 }, { boss: 'B2' }],
      recruitRow: ['G08', 'G15'],
      start: 'action',
    });
    const { state: after } = play(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(after.turn.seat).toBe(1);
    expect(legalMoves(after, 0)).toEqual([]);
  });
});

describe('R-TURN-2: the action is mandatory', () => {
  it('R-TURN-2: the action decision cannot be declined, and pass is always offered', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 0 }, { boss: 'B2' }],
      start: 'action',
    });
    expectDecision(state, 'action', 0);
    expect(movesOf(state)).toEqual(['pass']);
    const done = applyMove(state, { type: 'done', seat: 0 });
    expect(done.ok).toBe(false);
    if (!done.ok) expect(done.error.code).toBe('ILLEGAL_MOVE');
  });
});

describe('R-TURN-3: undo', () => {
  it('R-TURN-3: a readying can be undone', () => {
    const state = scenario({
      players: [
        { boss: 'B1', gang: [{ id: 'G08', engaged: true }, 'G01'], cash: 3 },
        { boss: 'B2' },
      ],
    });
    expectDecision(state, 'mobilize', 0);
    expect(canUndo(state)).toBe(false);
    const result = applyOne(state, { type: 'ready', seat: 0, member: 'G08' });
    expect(result.undoable).toBe(true);
    expect(canUndo(result.state)).toBe(true);
  });

  it('R-TURN-3: choosing a heist and activating own members can be undone', () => {
    const state = scenario({
      players: [{ boss: 'B3', gang: ['G29'] }, { boss: 'B2' }],
      heistRow: ['HI-19'],
      start: 'action',
    });
    const chosen = applyOne(state, { type: 'heist', seat: 0, card: 'HI-19' });
    expect(chosen.undoable).toBe(true);
    const activated = applyOne(chosen.state, { type: 'activate', seat: 0, member: 'B3' });
    expect(activated.undoable).toBe(true);
  });

  it('R-TURN-3: a move that draws a card cannot be undone', () => {
    const state = scenario({
      players: [{ boss: 'B1', cash: 5 }, { boss: 'B2' }],
      recruitRow: ['G08'],
      start: 'action',
    });
    const result = applyOne(state, { type: 'recruit', seat: 0, card: 'G08' });
    expect(result.state.recruitRow[0]).not.toBeNull();
    expect(result.undoable).toBe(false);
    expect(canUndo(result.state)).toBe(false);
  });

  it('R-TURN-3: undo never crosses a card draw, even when the same seat decides next', () => {
    // HI-07 (I H): $2, 1 IP, Recruit. After the Recruit reward, Secret society asks the same
    // seat to ready a Leader. With a gangster deck the recruit draws a card: not undoable;
    // with an empty gangster deck (and heist deck) nothing is drawn: undoable.
    const input = (exact: boolean) => ({
      players: [
        {
          boss: 'B4',
          gang: ['G22', { id: 'G09', engaged: true }],
          cash: 5,
          resources: [{ id: 'R08' }],
        },
        { boss: 'B2' },
      ],
      heistRow: ['HI-07'],
      recruitRow: ['G08'],
      exactGangsterDeck: exact,
      exactHeistDeck: exact,
      start: 'action' as const,
    });
    const toRecruit = (exact: boolean) =>
      play(
        scenario(input(exact)),
        { type: 'heist', seat: 0, card: 'HI-07' },
        { type: 'activate', seat: 0, member: 'G22' },
        { type: 'activate', seat: 0, member: 'B4' },
      ).state;
    const drawing = toRecruit(false);
    expectDecision(drawing, 'recruitReward', 0);
    const drew = applyOne(drawing, { type: 'recruit', seat: 0, card: 'G08' });
    expectDecision(drew.state, 'secretSociety', 0);
    expect(drew.undoable).toBe(false);
    const quiet = toRecruit(true);
    const noDraw = applyOne(quiet, { type: 'recruit', seat: 0, card: 'G08' });
    expectDecision(noDraw.state, 'secretSociety', 0);
    expect(noDraw.state.recruitRow[0]).toBeNull();
    expect(noDraw.undoable).toBe(true);
  });

  it("R-TURN-3: a move that involves another player's member cannot be undone", () => {
    // HII-05 (L M H) is cooperative: activating the opponent's G29 (H) involves them.
    const state = scenario({
      chapter: 2,
      players: [{ boss: 'B3' }, { boss: 'B2', gang: ['G29'] }],
      heistRow: ['HII-05'],
      start: 'action',
    });
    const own = applyOne(play(state, { type: 'heist', seat: 0, card: 'HII-05' }).state, {
      type: 'activate',
      seat: 0,
      member: 'B3',
    });
    expect(own.undoable).toBe(true);
    const other = applyOne(own.state, { type: 'activate', seat: 0, member: 'G29' });
    expect(other.undoable).toBe(false);
  });

  it('R-TURN-3: ending the turn cannot be undone', () => {
    const state = scenario({ players: [{ boss: 'B1' }, { boss: 'B2' }], start: 'action' });
    const result = applyOne(state, { type: 'pass', seat: 0 });
    expect(result.undoable).toBe(false);
  });
});
