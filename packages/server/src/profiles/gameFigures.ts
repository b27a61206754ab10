/**
 * What one finished game gives a profile, per seat: the final scoring (IP by source, place,
 * victory), the money its player paid to snitches (the `snitchPaid` events) and the families
 * of the members in their final gang. Worked out from the stored game alone (its options,
 * seed and move log, replayed by the engine), so the figures are those the game really had.
 * A finished game never changes: its figures are kept in memory once worked out.
 */
import {
  cardsOf,
  FAMILIES,
  type Family,
  type GameEvent,
  type Move,
  replay,
  type ScoreBreakdown,
} from '@gangsta/engine';
import type { BotLevel } from '@gangsta/protocol';
import { LRUCache } from 'lru-cache';
import { gameOptionsOf } from '../gameOptions.ts';
import { placesOf } from '../ratings/model.ts';
import type { LoadedTable, MoveRow } from '../store/types.ts';
import { recordOf } from '../tables/game/position.ts';

export interface SeatFigures {
  seat: number;
  /** The person or bot account at the seat; null for a server bot level. */
  playerId: string | null;
  botLevel: BotLevel | null;
  name: string | null;
  /** 1-based place (R-END-4's keys; ties share a place). */
  rank: number;
  won: boolean;
  score: ScoreBreakdown;
  moneyToSnitches: number;
  /** Members of the final gang, by family. */
  families: Record<Family, number>;
}

export interface GameFigures {
  tableId: string;
  tableName: string;
  finishedAt: string;
  players: number;
  seats: SeatFigures[];
}

/** The moves in effect: an undo takes back the move before it. */
function movesInEffect(rows: readonly MoveRow[]): Move[] {
  const moves: Move[] = [];
  for (const row of rows) {
    if (row.kind === 'undo') moves.pop();
    else if (row.move) moves.push(row.move);
  }
  return moves;
}

function snitchMoney(events: readonly GameEvent[][], seats: number): number[] {
  const paid = new Array<number>(seats).fill(0);
  for (const event of events.flat()) {
    if (event.type === 'snitchPaid') paid[event.seat] = (paid[event.seat] ?? 0) + event.amount;
  }
  return paid;
}

/** A finished game's figures; null when it has no result (never finished, or does not replay). */
export function gameFigures(loaded: LoadedTable): GameFigures | null {
  const { table } = loaded;
  if (table.status !== 'finished' || table.seed === null) return null;
  const replayed = replay(
    recordOf(gameOptionsOf(table.options, table.seed), movesInEffect(loaded.moves)),
  );
  if (!replayed.ok || !replayed.state.result) return null;
  const { state } = replayed;
  const result = replayed.state.result;
  const cards = cardsOf(state.cards);
  const places = placesOf(result);
  const paid = snitchMoney(replayed.events, table.seats.length);
  const seats = table.seats.map((stored, seat): SeatFigures => {
    const families = Object.fromEntries(FAMILIES.map((f) => [f, 0])) as Record<Family, number>;
    for (const member of state.players[seat]?.gang ?? []) families[cards.familyOf(member.id)]++;
    const score = result.scores.find((s) => s.seat === seat);
    if (!score) throw new Error(`table ${table.id} has no score for seat ${seat}`);
    return {
      seat,
      playerId: stored.botLevel !== null ? null : stored.playerId,
      botLevel: stored.botLevel,
      name: stored.name,
      rank: places[seat] ?? table.seats.length,
      won: result.winners.includes(seat),
      score,
      moneyToSnitches: paid[seat] ?? 0,
      families,
    };
  });
  return {
    tableId: table.id,
    tableName: table.name,
    finishedAt: table.finishedAt ?? '',
    players: table.seats.length,
    seats,
  };
}

/**
 * Finished games' figures kept in memory (a game is a few hundred bytes of figures; the
 * replay that gives them is what a profile must not repeat at every request).
 */
export const figuresCache = new LRUCache<string, GameFigures | { none: true }>({ max: 20_000 });
