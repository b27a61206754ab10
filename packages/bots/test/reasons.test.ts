/**
 * Reasons are message ids with parameters (reasons.ts): every reason a bot gives is in the
 * catalog with exactly its parameters, parameter names follow the convention renderers rely
 * on, and the English renderer words them (the command line's text).
 */
import {
  applyMove,
  createScenario,
  type GameState,
  legalMoves,
  type Move,
  viewFor,
} from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import {
  conventionKind,
  createBot,
  describeReason,
  heuristicChoice,
  playGame,
  REASON_IDS,
  REASONS,
  type Reason,
  reason,
  reasonProblems,
} from '../src/index.ts';
import { variantCombo } from './helpers.ts';

function scenario(json: unknown): GameState {
  const result = createScenario(json);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

function play(state: GameState, ...moves: Move[]): GameState {
  for (const move of moves) {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/** Every id in a reason, nested ones included. */
function idsOf(r: Reason, into = new Set<string>()): Set<string> {
  into.add(r.id);
  for (const value of Object.values(r.params) as unknown[]) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) if (typeof item === 'object' && item) idsOf(item as Reason, into);
  }
  return into;
}

describe('the reason catalog', () => {
  it('names parameters by the convention renderers rely on', () => {
    const wrong: string[] = [];
    for (const id of REASON_IDS) {
      for (const [name, kind] of Object.entries(REASONS[id].params)) {
        const announced = conventionKind(name);
        const plain = kind === 'number' || kind === 'reason' || kind === 'reasons';
        if (plain ? announced !== null : announced !== kind) wrong.push(`${id}.${name}: ${kind}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('uses exactly the declared parameters in each English text', () => {
    const wrong: string[] = [];
    for (const id of REASON_IDS) {
      const used = [...REASONS[id].en.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(REASONS[id].params).sort();
      if (used.join() !== declared.join()) wrong.push(id);
    }
    expect(wrong).toEqual([]);
  });

  it('has no id that is the prefix of another (locale files nest ids by their dots)', () => {
    const clashes = REASON_IDS.filter((a) => REASON_IDS.some((b) => b.startsWith(`${a}.`)));
    expect(clashes).toEqual([]);
  });

  it('reports a reason that does not match the catalog', () => {
    expect(reasonProblems({ id: 'theft.target', params: { seat: 1 } })).toEqual([]);
    expect(reasonProblems({ id: 'nope', params: {} })).toEqual(['reason: unknown id nope']);
    expect(reasonProblems({ id: 'theft.target', params: { card: 'x' } })).toEqual([
      'reason (theft.target): missing seat',
      'reason (theft.target): unexpected card',
    ]);
  });
});

describe('describeReason (English)', () => {
  it('words nested reasons, lists, seats, skills and card names', () => {
    const plan = reason('plan.someCoop', {
      card: 'HII-03',
      rewards: [reason('reward.influence', { amount: 2 }), reason('reward.income', { amount: 3 })],
      count: 1,
      others: 2,
    });
    const text = describeReason(
      reason('activate.planOpponent', { card: 'G12', seat: 1, plan }),
      (id) => `<${id}>`,
    );
    expect(text).toBe(
      'Activates <G12> of seat 2: <HII-03> heist for 2 IP, $3, engaging 1 of our members and 2 of the opponents’.',
    );
    expect(describeReason(reason('gangster.value', { skills: ['M', 'H'], cost: 4 }))).toBe(
      'adds Mercenary, Hacker for $4',
    );
    expect(describeReason(reason('resources.keep', { cards: ['R01', 'R09'] }))).toMatch(
      /^Keeps R01 and R09:/,
    );
  });
});

describe('the reasons bots give', () => {
  it('are all in the catalog with their parameters, in every variant', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (let n = 0; n < 6; n++) {
      const combo = variantCombo(n * 11);
      const bots = [0, 1, 2].map((seat) => createBot({ kind: 'heuristic', seed: seat + n }));
      playGame({ players: 3, seed: 100 + n, ...combo }, bots, {
        onMove: ({ decision }) => {
          if (!decision.reason) return;
          problems.push(...reasonProblems(decision.reason));
          idsOf(decision.reason, seen);
        },
      });
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(15);
  });

  it('from the search too', () => {
    const state = scenario({
      players: [
        { boss: 'B3', gang: ['G08'], cash: 2 },
        { boss: 'B2', cash: 2 },
      ],
      start: 'action',
      heistRow: ['HI-03', 'HI-04', 'HI-12', 'HI-09', 'HI-08'],
      recruitRow: ['G07', 'G13', 'G14', 'G35', 'G06'],
    });
    const bot = createBot({ kind: 'ismcts', seed: 3, iterations: 60 });
    const decision = bot.decide(viewFor(state, 0), legalMoves(state, 0));
    expect(decision.reason?.id).toMatch(/^search\./);
    expect(reasonProblems(decision.reason)).toEqual([]);
  });
});

describe('the Bank in the heuristic (R-RES-2)', () => {
  it('withdraws what a Recruit reward needs, then recruits', () => {
    // B4 (L H) and G15 (B) take HI-08 (B H: $3, Recruit); G05 costs $5, $4 lie on the Bank.
    const start = scenario({
      players: [
        { boss: 'B4', gang: ['G15'], cash: 0, bank: 4, resources: [{ id: 'R09' }] },
        { boss: 'B2', cash: 0 },
      ],
      heistRow: ['HI-08'],
      recruitRow: ['G05'],
      start: 'action',
    });
    let state = play(
      start,
      { type: 'heist', seat: 0, card: 'HI-08' },
      { type: 'activate', seat: 0, member: 'B4' },
      { type: 'activate', seat: 0, member: 'G15' },
    );
    const view = viewFor(state, 0);
    const withdraw = heuristicChoice(view, view.decision, legalMoves(state, 0), 0);
    expect(withdraw.move).toEqual({ type: 'bank', seat: 0, amount: -2 });
    expect(withdraw.reason).toEqual({
      id: 'bank.withdrawForReward',
      params: { amount: 2, card: 'G05' },
    });
    state = play(state, withdraw.move);
    const next = viewFor(state, 0);
    const recruit = heuristicChoice(next, next.decision, legalMoves(state, 0), 0);
    expect(recruit.move).toEqual({ type: 'recruit', seat: 0, card: 'G05' });
  });
});
