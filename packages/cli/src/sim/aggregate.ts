/**
 * The aggregate of many simulated games: win shares by turn-order position, Boss and bot;
 * histograms of game and chapter lengths and of scores; end reasons; heist statistics.
 * Plain JSON (what `simulate --json` writes), built one summary at a time.
 */
import { type CardSet, itemAt } from '@gangsta/engine';
import { indexCards } from '../render/cards.ts';
import type { GameSummary } from './game.ts';
import { addTo, type Histogram, type Proportion } from './stats.ts';

export interface HeistStats {
  offered: number;
  taken: number;
  cooperative: number;
  /** Sum of members engaged over the times taken. */
  engaged: number;
  /** Money and IP the rewards paid in total (reward A, plus B to each coop participant). */
  money: number;
  ip: number;
}

export interface Aggregate {
  games: number;
  /** Player counts seen (a run normally has one). */
  players: number[];
  /** Win share by turn-order position: 0 = first player (R-SETUP-4). */
  byPosition: Proportion[];
  /** Win share by seat index, as dealt (the engine's seat 0, 1, …). */
  bySeat: Proportion[];
  byBoss: Record<string, Proportion>;
  byBot: Record<string, Proportion>;
  sharedVictories: number;
  turns: Histogram;
  /** Turns of chapters I, II and III. */
  chapterTurns: [Histogram, Histogram, Histogram];
  moves: Histogram;
  /** Every player's final IP. */
  scores: Histogram;
  winnerScores: Histogram;
  /** Winner's IP minus the runner-up's. */
  margins: Histogram;
  endReasons: Record<string, number>;
  /** How often each reason ended chapters I, II and III. */
  chapterReasons: [Record<string, number>, Record<string, number>, Record<string, number>];
  /** Mean of each score component per player (sum; divide by games × players). */
  breakdownSums: Record<string, number>;
  heists: Record<string, HeistStats>;
}

export function emptyAggregate(): Aggregate {
  return {
    games: 0,
    players: [],
    byPosition: [],
    bySeat: [],
    byBoss: {},
    byBot: {},
    sharedVictories: 0,
    turns: {},
    chapterTurns: [{}, {}, {}],
    moves: {},
    scores: {},
    winnerScores: {},
    margins: {},
    endReasons: {},
    chapterReasons: [{}, {}, {}],
    breakdownSums: {},
    heists: {},
  };
}

function tally(
  table: Proportion[] | Record<string, Proportion>,
  key: number | string,
  share: number,
): void {
  const record = table as Record<string, Proportion>;
  const entry = record[key] ?? { wins: 0, games: 0 };
  entry.games += 1;
  entry.wins += share;
  record[key] = entry;
}

export function emptyHeistStats(): HeistStats {
  return { offered: 0, taken: 0, cooperative: 0, engaged: 0, money: 0, ip: 0 };
}

function heistEntry(agg: Aggregate, card: string): HeistStats {
  agg.heists[card] ??= emptyHeistStats();
  return agg.heists[card];
}

/** What a taken heist paid out, from the card data. */
function payout(cards: CardSet, card: string, cooperative: boolean, participants: number) {
  const heist = indexCards(cards).heist(card);
  let money = 0;
  let ip = 0;
  const add = (rewards: NonNullable<typeof heist>['rewardA'], times: number) => {
    for (const r of rewards) {
      if (r.kind === 'income') money += r.amount * times;
      if (r.kind === 'influence') ip += r.amount * times;
    }
  };
  if (heist) {
    add(heist.rewardA, 1);
    if (cooperative) add(heist.rewardB, participants);
  }
  return { money, ip };
}

export function addGame(agg: Aggregate, game: GameSummary, cards: CardSet): void {
  agg.games += 1;
  if (!agg.players.includes(game.players)) agg.players.push(game.players);
  const share = 1 / game.winners.length;
  if (game.winners.length > 1) agg.sharedVictories += 1;
  for (let seat = 0; seat < game.players; seat++) {
    const won = game.winners.includes(seat) ? share : 0;
    tally(agg.byPosition, (seat - game.firstPlayer + game.players) % game.players, won);
    tally(agg.bySeat, seat, won);
    tally(agg.byBoss, itemAt(game.bosses, seat, 'Boss'), won);
    tally(agg.byBot, itemAt(game.labels, seat, 'bot label'), won);
    addTo(agg.scores, itemAt(game.totals, seat, 'total'));
    for (const [key, value] of Object.entries(itemAt(game.breakdown, seat, 'breakdown'))) {
      agg.breakdownSums[key] = (agg.breakdownSums[key] ?? 0) + value;
    }
  }
  const [best = 0, second = 0] = [...game.totals].sort((a, b) => b - a);
  addTo(agg.winnerScores, best);
  addTo(agg.margins, best - second);
  addTo(agg.turns, game.turns);
  addTo(agg.moves, game.moves);
  game.chapterTurns.forEach((turns, i) => {
    addTo(itemAt(agg.chapterTurns, i, 'chapter'), turns);
  });
  game.chapterReasons.forEach((reason, i) => {
    const reasons = itemAt(agg.chapterReasons, i, 'chapter');
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  });
  agg.endReasons[game.endReason] = (agg.endReasons[game.endReason] ?? 0) + 1;
  for (const card of game.offered) heistEntry(agg, card).offered += 1;
  for (const taken of game.heists) {
    const entry = heistEntry(agg, taken.card);
    entry.taken += 1;
    entry.engaged += taken.engaged;
    if (taken.cooperative) entry.cooperative += 1;
    const paid = payout(cards, taken.card, taken.cooperative, taken.participants);
    entry.money += paid.money;
    entry.ip += paid.ip;
  }
}
