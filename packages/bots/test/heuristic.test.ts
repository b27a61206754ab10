/** The heuristic's individual judgements, on positions set up with the engine's scenarios. */
import {
  applyMove,
  createScenario,
  type GameState,
  legalMoves,
  type Move,
  viewFor,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { planHeist } from '../src/heuristic/plan.ts';
import { createBot, describeReason, heuristicChoice } from '../src/index.ts';

function scenario(json: unknown): GameState {
  const result = createScenario(json);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

describe('heist planning (R-HEIST-4, R-HEIST-7)', () => {
  it('finds the order that engages everyone in the worked example', () => {
    // Requirement {M, S, B, H}; the Boss has {M}, B has {M, S, B}, C has {M, H}.
    const plan = planHeist({
      remaining: ['M', 'S', 'B', 'H'],
      candidates: [
        { member: 'boss', seat: 0, icons: ['M'], cost: 1 },
        { member: 'b', seat: 0, icons: ['M', 'S', 'B'], cost: 1 },
        { member: 'c', seat: 0, icons: ['M', 'H'], cost: 1 },
      ],
      me: 0,
      coop: false,
      ownActivated: false,
      finish: (used) => (used.length === 3 ? -10 : 0),
    });
    expect(plan?.order.map((c) => c.member)[0]).toBe('boss');
    expect(plan?.order).toHaveLength(3);
  });

  it('uses the fewest members when synchronization is not on offer', () => {
    const plan = planHeist({
      remaining: ['M', 'S', 'B', 'H'],
      candidates: [
        { member: 'boss', seat: 0, icons: ['M'], cost: 1 },
        { member: 'b', seat: 0, icons: ['M', 'S', 'B'], cost: 1 },
        { member: 'c', seat: 0, icons: ['M', 'H'], cost: 1 },
      ],
      me: 0,
      coop: false,
      ownActivated: false,
      finish: () => 0,
    });
    expect(plan?.order).toHaveLength(2);
  });

  it('reports an impossible requirement', () => {
    const plan = planHeist({
      remaining: ['L', 'L'],
      candidates: [{ member: 'boss', seat: 0, icons: ['L', 'M'], cost: 1 }],
      me: 0,
      coop: false,
      ownActivated: false,
      finish: () => 0,
    });
    expect(plan).toBeNull();
  });
});

describe('heuristic decisions', () => {
  it('robs the rival with the money', () => {
    const state = scenario({
      players: [
        { boss: 'B1', cash: 0 },
        { boss: 'B2', cash: 1 },
        { boss: 'B3', cash: 9 },
      ],
      start: 'action',
    });
    const legal: Move[] = [
      { type: 'target', seat: 0, target: 1 },
      { type: 'target', seat: 0, target: 2 },
    ];
    const choice = heuristicChoice(
      viewFor(state, 0),
      { kind: 'theft', seat: 0, amount: 4 },
      legal,
      0,
    );
    expect(choice.move).toEqual({ type: 'target', seat: 0, target: 2 });
    expect(choice.reason).toEqual({ id: 'theft.target', params: { seat: 2 } });
    expect(describeReason(choice.reason)).toMatch(/seat 3/);
  });

  it('takes a paying heist that engages the whole gang rather than passing', () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: ['G08'], cash: 2 },
        { boss: 'B2', cash: 2 },
      ],
      start: 'action',
      heistRow: ['HI-03', 'HI-04', 'HI-12', 'HI-09', 'HI-08'],
      recruitRow: ['G07', 'G13', 'G14', 'G35', 'G06'],
    });
    const legal = legalMoves(state, 0);
    const choice = heuristicChoice(viewFor(state, 0), { kind: 'action', seat: 0 }, legal, 0);
    expect(choice.move).toEqual({ type: 'heist', seat: 0, card: 'HI-03' });
    expect(choice.reason.id).toBe('action.heist');
    expect(describeReason(choice.reason)).toMatch(/HI-03 heist .*synchronizes/);
  });

  it('pays a snitch from its Bank when the printed rules allow it (R-SNITCH-5)', () => {
    // Seat 0: $0 in hand, $8 on the Bank, no Informant. It passes ($1), moves on from the
    // pass's Bank window, discards the row's heist: the refill reveals SII-2 (value 3).
    let state = scenario({
      options: { resources: true, ruleset: 'printed' },
      chapter: 2,
      players: [
        { boss: 'B3', gang: ['G24'], cash: 0, bank: 8, resources: [{ id: 'R09' }] },
        { boss: 'B5', gang: ['G22', 'G19'], cash: 0 },
      ],
      heistRow: ['HII-30'],
      heistDeck: ['SII-2', 'HII-02'],
      start: 'action',
    });
    for (const move of [
      { type: 'pass', seat: 0 },
      { type: 'done', seat: 0 },
      { type: 'discardRow', seat: 0, card: 'HII-30' },
    ] as Move[]) {
      const result = applyMove(state, move);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    const view = viewFor(state, 0);
    expect(view.decision).toEqual({ kind: 'bank', seat: 0, snitch: 'SII-2', owed: 3 });
    for (const bot of [
      createBot({ kind: 'heuristic', seed: 1 }),
      createBot({ kind: 'ismcts', seed: 1, iterations: 40 }),
    ]) {
      const { move, reason } = bot.decide(view, legalMoves(state, 0));
      expect(move).toEqual({ type: 'bank', seat: 0, amount: -2 });
      expect(reason).toEqual({ id: 'bank.withdrawForSnitch', params: { amount: 2 } });
    }
    expect(describeReason({ id: 'bank.withdrawForSnitch', params: { amount: 2 } })).toBe(
      'Takes $2 from the Bank to pay the snitch.',
    );
  });

  it('uses a free readying', () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: [{ id: 'G08', engaged: true }], cash: 0 },
        { boss: 'B2', cash: 2 },
      ],
      start: 'turn',
      heistRow: ['HI-03', 'HI-04', 'HI-12', 'HI-09', 'HI-08'],
    });
    const view = viewFor(state, 0);
    expect(view.decision.kind).toBe('mobilize');
    const choice = heuristicChoice(view, view.decision, legalMoves(state, 0), 0);
    expect(choice.move).toEqual({ type: 'ready', seat: 0, member: 'G08' });
  });
});
