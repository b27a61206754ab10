/**
 * A table's clock as the game goes on: at the start, after each move or undo, after a seat is
 * taken over or given back. `clock.ts` has the pure rules; this module applies them to a
 * room, its positions and its seats.
 *
 * The clock of the position being played (the head) may run ahead of the committed one while
 * moves are being written: each such move's clock is kept by its position until it commits,
 * and the table row has the committed one.
 */
import type { Seat } from '@gangsta/engine';
import type { StoredSeat, TableClock } from '../store/types.ts';
import { afterMove, afterSeatChange, startClock } from './clock.ts';
import type { Platform, TableMemory } from './context.ts';
import { decidingAt } from './frames.ts';
import { isOver, type Position } from './position.ts';
import { peopleSeats, type Room } from './room.ts';

/** Clocks of positions not yet committed (the committed one is the table row's). */
const headClocks = new WeakMap<Position, TableClock>();

/** The clock of the position being played (or of another one not yet committed). */
export function headClock(room: Room, position: Position | null = room.head): TableClock {
  if (position && position !== room.committed) return headClocks.get(position) ?? room.table.clock;
  return room.table.clock;
}

/** The clock of a game that starts now: every seat's full time, running for who must decide. */
export function startingClock(
  ctx: Pick<Platform, 'now'>,
  room: Room,
  position: Position,
): TableClock {
  const people = new Set(peopleSeats(room.table));
  const charged = decidingAt(position).filter((seat) => people.has(seat));
  const { setting } = room.table.clock;
  const state = startClock(setting, room.table.seats.length, charged, ctx.now());
  return { ...room.table.clock, state };
}

/**
 * The clock after a move or undo of a clocked table (null for a friendly one); the new head
 * keeps it until its commit writes it with the move.
 */
export function clockAfterMove(
  ctx: Pick<Platform, 'now'>,
  room: Room,
  move: { seat: Seat; undo: boolean; byBot: boolean },
  before: Position,
  after: Position,
): TableClock | null {
  const clock = headClock(room, before);
  if (clock.setting.kind === 'none' || clock.state === null) return null;
  const state = afterMove(clock.setting, clock.state, {
    now: ctx.now(),
    mover: move.seat,
    credit: !move.undo && !move.byBot,
    decidingBefore: decidingAt(before),
    decidingAfter: decidingAt(after),
    people: peopleSeats(room.table),
    over: isOver(after),
  });
  const next = { ...clock, state };
  headClocks.set(after, next);
  return next;
}

/**
 * Waits until no move of the table is being committed, so that the row's clock is the
 * head's: a seat change is charged from the clock of the last move, never an older one.
 */
export async function settled(ctx: Pick<TableMemory, 'commits'>, room: Room): Promise<void> {
  while (room.head !== room.committed) await ctx.commits.drained();
}

/**
 * The clock once the table has `seats` (a seat taken over or given back, `resumed` when its
 * player took it back): charged until now, then running for the seats their people play.
 * Null when no clock runs (a friendly table, or a game not started). Call it `settled`.
 */
export function clockAfterSeatChange(
  ctx: Pick<Platform, 'now'>,
  room: Room,
  seats: StoredSeat[],
  resumed: Seat | null,
): TableClock | null {
  const table = room.table;
  const { setting, state } = table.clock;
  if (state === null || !room.head) return null;
  const people = peopleSeats({ ...table, seats });
  const deciding = isOver(room.head) ? [] : decidingAt(room.head);
  const next = afterSeatChange(setting, state, ctx.now(), deciding, people, resumed);
  return { ...table.clock, state: next };
}
