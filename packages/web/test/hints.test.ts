/**
 * Hint on every decision: in random games with the Families and Resources variants, the human
 * asks for a hint at the first decision of each kind and gets a suggestion — a legal move of
 * theirs — from the real medium bot. The resource keep is asked at once, while the bots are
 * still choosing their own resources: their choices must not swallow the hint.
 */
import { type DecisionKind, type Move, moveKey } from '@gangsta/engine';
import { describe, expect, it } from 'vitest';
import { type BotClient, createInlineBotClient } from '../src/bots/botClient.ts';
import { GameController } from '../src/features/local/controller.ts';
import type { SeatKind } from '../src/game/seats.ts';
import { itemOf, rng, until } from './helpers.ts';

/** A random human that leaves the Bank and giving up heists alone (they could go round). */
function randomMove(legal: readonly Move[], random: () => number): Move {
  const useful = legal.filter((m) => m.type !== 'bank' && m.type !== 'abandonHeist');
  const pool = useful.length > 0 ? useful : legal;
  return itemOf(pool, Math.floor(random() * pool.length));
}

/**
 * The real bots, but a bot seat's answer comes one macrotask later than the hint's, as in the
 * browser where the bots wait for the chosen bot speed: the hint is ready first, then a bot
 * makes its own move.
 */
function laterBots(): BotClient {
  const inline = createInlineBotClient();
  return {
    ask: async (kind, seed, view, legal) => {
      const answer = await inline.ask(kind, seed, view, legal);
      if (kind !== 'medium') await new Promise((resolve) => setTimeout(resolve, 0));
      return answer;
    },
    dispose() {},
  };
}

/** Plays a whole game; returns the decision kinds hinted and any that got no suggestion. */
async function playAskingHints(seed: number, seats: SeatKind[]) {
  const started = GameController.start(
    { players: seats.length, seed, families: true, resources: true },
    seats,
    {
      bots: laterBots(),
      settings: () => ({ botDelayMs: 0 }),
      wait: async () => {},
    },
  );
  if (!started.ok) throw new Error(started.error.message);
  const controller = started.controller;
  const random = rng(seed);
  const hinted = new Set<DecisionKind>();
  const unanswered: string[] = [];
  for (let moves = 0; moves < 2000; moves++) {
    const snapshot = await until(controller, (s) => s.over || s.legal.length > 0);
    if (snapshot.over) break;
    const kind = snapshot.decision.kind;
    if (!hinted.has(kind)) {
      hinted.add(kind);
      await controller.requestHint();
      // The bots deciding at the same time (the resource keep) finish their choices first.
      await until(controller, (s) => s.deciding.every((seat) => seats[seat] === 'human'));
      const hint = controller.getSnapshot().hint;
      const legal = controller.getSnapshot().legal.map(moveKey);
      if (hint.status !== 'ready' || !legal.includes(moveKey(hint.move))) {
        unanswered.push(`${kind}: ${hint.status}`);
      }
    }
    const now = controller.getSnapshot();
    if (now.legal.length > 0) controller.play(randomMove(now.legal, random));
  }
  controller.dispose();
  return { hinted, unanswered };
}

describe('hints', () => {
  it('suggests a legal move at every kind of decision, the resource keep included', async () => {
    const kinds = new Set<DecisionKind>();
    for (const [seed, seats] of [
      [3, ['human', 'random', 'random']],
      [11, ['human', 'random']],
    ] as const) {
      const { hinted, unanswered } = await playAskingHints(seed, [...seats]);
      expect(unanswered, `seed ${seed}`).toEqual([]);
      for (const kind of hinted) kinds.add(kind);
    }
    // The ordinary decisions of a game with both variants, at the least.
    for (const kind of ['keepResources', 'mobilize', 'action', 'activate'] as const) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
