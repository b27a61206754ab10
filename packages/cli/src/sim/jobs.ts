/** Turns a simulation request into one job per game: options, seed, and bots by seat. */
import type { BotConfig } from '@gangsta/bots';
import { type GameOptionsInput, itemAt } from '@gangsta/engine';
import { botLabel, seatBotSeed } from '../seats.ts';
import type { GameJob } from './game.ts';

export interface SimulationPlan {
  games: number;
  /** Options of every game; each game's seed is `seed + index`. */
  options: GameOptionsInput;
  seed: number;
  /** The bots of the table, by seat (before rotation). */
  bots: Omit<BotConfig, 'seed'>[];
  /** Rotate the bots one seat further each game, so every bot sits at every seat. */
  rotate: boolean;
}

export function planJobs(plan: SimulationPlan): GameJob[] {
  const players = plan.options.players;
  return Array.from({ length: plan.games }, (_, index) => {
    const seed = (plan.seed + index) % 2 ** 31;
    const shift = plan.rotate ? index % players : 0;
    const configs = Array.from(
      { length: players },
      // One bot per seat: the plan's list is as long as the table (seatBots).
      (_, seat) => itemAt(plan.bots, (seat + shift) % players, 'bot of the plan'),
    );
    return {
      index,
      options: { ...plan.options, seed },
      bots: configs.map((config, seat) => ({ ...config, seed: seatBotSeed(seed, seat) })),
      labels: configs.map(botLabel),
    };
  });
}
