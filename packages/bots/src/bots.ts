/**
 * The three kinds of bot. A bot's choices depend only on its seed, the sequence of views it was
 * shown and the legal moves: each decision's generator is seeded from the bot's own stream
 * (advanced once per decision, so a position met twice, e.g. after an abandoned heist, can get
 * a different answer) mixed with what the view shows. Hidden cards cannot change a choice.
 */
import { type GameView, itemAt, type Move, moveKey } from '@gangsta/engine';
import { describeMove } from './describe.ts';
import { firstMove } from './firstMove.ts';
import { heuristicChoice } from './heuristic/index.ts';
import { isSearchable } from './ismcts/playout.ts';
import { type SearchOptions, search } from './ismcts/search.ts';
import { reason } from './reasons.ts';
import { createRng, hashString, mixSeeds, type Rng } from './rng.ts';
import type { Bot, BotConfig, BotDecision } from './types.ts';

/** A seed for this decision from the bot's stream and the public situation. */
export function decisionSeed(stream: Rng, view: GameView, legal: readonly Move[]): number {
  let h = hashString(`${view.turnNumber}|${view.phase}|${view.decision.kind}`);
  for (const move of legal) h = hashString(moveKey(move), h);
  return mixSeeds(stream.uint(), h);
}

function requireLegal(legal: readonly Move[]): void {
  if (legal.length === 0) throw new Error('a bot was asked to decide with no legal move');
}

export class RandomBot implements Bot {
  private readonly stream: Rng;

  constructor(readonly config: BotConfig) {
    this.stream = createRng(config.seed);
  }

  decide(view: GameView, legal: Move[]): BotDecision {
    requireLegal(legal);
    const rng = createRng(decisionSeed(this.stream, view, legal));
    return { move: itemAt(legal, rng.int(legal.length), 'legal move') };
  }
}

export class HeuristicBot implements Bot {
  constructor(readonly config: BotConfig) {}

  decide(view: GameView, legal: Move[]): BotDecision {
    requireLegal(legal);
    const me = view.viewer ?? firstMove(legal).seat;
    const choice = heuristicChoice(view, view.decision, legal, me);
    return { move: choice.move, reason: choice.reason };
  }
}

export class IsmctsBot implements Bot {
  private readonly stream: Rng;

  constructor(
    readonly config: BotConfig,
    private readonly budget: { iterations?: number; timeMs?: number },
    /** Search settings other than the budget (for experiments; defaults otherwise). */
    private readonly tuning: Partial<
      Pick<SearchOptions, 'exploration' | 'policy' | 'depth' | 'reward' | 'priorWeight'>
    > = {},
  ) {
    this.stream = createRng(config.seed);
  }

  decide(view: GameView, legal: Move[]): BotDecision {
    requireLegal(legal);
    const me = view.viewer ?? firstMove(legal).seat;
    // What the heuristic would say, to explain the move when the search agrees with it.
    const hint = heuristicChoice(view, view.decision, legal, me);
    // The Bank is left to the heuristic (see isSearchable); so are forced moves.
    const searchable = legal.filter(isSearchable);
    if (legal.length === 1 || !isSearchable(hint.move) || searchable.length <= 1) {
      return { move: hint.move, reason: hint.reason, stats: { iterations: 0, ms: 0 } };
    }
    const result = search(view, searchable, {
      ...this.tuning,
      prior: hint.move,
      ...this.budget,
      seed: decisionSeed(this.stream, view, legal),
    });
    // In player words, without the search's figures: its mean reward is an expected score
    // margin, not a chance of winning, and "181 simulations" tells a player nothing. The win
    // chances and how sure they are belong to the game review (web: src/review/noise.ts).
    const why =
      moveKey(result.move) === moveKey(hint.move)
        ? reason('search.agrees', { reason: hint.reason })
        : reason('search.prefers', { move: describeMove(result.move) });
    return {
      move: result.move,
      reason: why,
      stats: { iterations: result.iterations, ms: Math.round(result.ms) },
    };
  }
}
