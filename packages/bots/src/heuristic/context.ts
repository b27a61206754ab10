/**
 * What every heuristic decision starts from: whose turn, the card lookups, how much a dollar is
 * worth right now, and how the seats stand (to aim attacks at the leader).
 */
import { CHAPTER_THRESHOLDS, itemAt, playerAt, type Seat } from '@gangsta/engine';
import { type CardIndex, indexCards, memberIp } from '../cards.ts';
import type { SeatTable, Table } from '../table.ts';

/** Gang size at which each chapter ends (R-CHAP-1): chapter I at 4, II at 7, III at 9. */
/** Gang sizes that end each chapter (R-CHAP-1), from the engine. */
export const CHAPTER_END_SIZE = CHAPTER_THRESHOLDS;

/** Without a visible total (R-OPT-3), a heist in a pile is worth about this many IP. */
const IP_PER_HIDDEN_HEIST = 1.7;

export interface Ctx {
  table: Table;
  me: Seat;
  cards: CardIndex;
  /** IP that one dollar is worth now: money buys gangsters early, and only a bonus late. */
  money: number;
  /** Estimated final IP of every seat, from what is on the table. */
  standing: number[];
  /** The opponent doing best (the one to hurt), or null with no opponent. */
  leader: Seat | null;
  /** 0 at the start of the game, 1 when its end is imminent. */
  progress: number;
  /** A what-if context: skip look-ahead that would recurse (recruit → heist → recruit …). */
  shallow: boolean;
  /** Values computed once per decision, by name. */
  memo: Map<string, number>;
}

export function mySeat(ctx: Ctx): SeatTable {
  return playerAt(ctx.table, ctx.me);
}

export function opponents(ctx: Ctx): SeatTable[] {
  return ctx.table.players.filter((p) => p.seat !== ctx.me);
}

export function largestGang(table: Table): number {
  let size = 0;
  for (const p of table.players) size = Math.max(size, p.gang.length);
  return size;
}

/** How far the game has gone, from the chapter and how close gangs are to its end. */
export function gameProgress(table: Table): number {
  const size = largestGang(table);
  const start = table.chapter === 1 ? 1 : CHAPTER_END_SIZE[(table.chapter - 1) as 1 | 2];
  const end = CHAPTER_END_SIZE[table.chapter];
  const within = Math.max(0, Math.min(1, (size - start) / Math.max(1, end - start)));
  const snitchPush = table.chapter === 3 ? table.snitchesThisChapter / 3 : 0;
  return Math.min(1, (table.chapter - 1 + Math.max(within, snitchPush)) / 3);
}

/** The IP value of $1 at this stage of the game. */
export function moneyValue(progress: number): number {
  return Math.max(0.12, 0.55 - 0.4 * progress);
}

/** A seat's IP as it would score now (heists, members, active resources), roughly. */
export function estimateIp(ctx: { table: Table; cards: CardIndex }, seat: SeatTable): number {
  let ip = seat.heistIp ?? (seat.pileSize ?? seat.pile?.length ?? 0) * IP_PER_HIDDEN_HEIST;
  for (const member of seat.gang) ip += memberIp(ctx.cards, member.id);
  for (const kept of seat.resources) {
    if (kept.active) ip += ctx.cards.resource.get(kept.id)?.ip ?? 0;
  }
  return ip;
}

export function makeContext(table: Table, me: Seat, shallow = false): Ctx {
  const cards = indexCards(table.cards);
  const progress = gameProgress(table);
  const money = moneyValue(progress);
  const base = { table, cards };
  // Money still turns into IP later, so it counts toward standing at its current worth.
  const standing = table.players.map((p) => estimateIp(base, p) + (p.cash + p.bank) * money);
  let leader: Seat | null = null;
  for (const p of table.players) {
    if (p.seat === me) continue;
    const theirs = itemAt(standing, p.seat, 'standing');
    if (leader === null || theirs > itemAt(standing, leader, 'standing')) leader = p.seat;
  }
  return { table, me, cards, money, standing, leader, progress, shallow, memo: new Map() };
}

/** The IP `seat` stands at now, with its money at the current rate (`Ctx.standing`). */
export function standingOf(ctx: Ctx, seat: Seat): number {
  return itemAt(ctx.standing, seat, 'standing');
}

/**
 * How much hurting `seat` is worth to us (0..1): the leader most, an opponent far behind
 * little. With two players every loss of the opponent is our gain.
 */
export function hostility(ctx: Ctx, seat: Seat): number {
  if (seat === ctx.me) return 0;
  if (ctx.table.players.length === 2) return 1;
  const best = ctx.leader === null ? 0 : standingOf(ctx, ctx.leader);
  const gap = best - standingOf(ctx, seat);
  return Math.max(0.25, 1 - gap / 8);
}
