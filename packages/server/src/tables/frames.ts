/**
 * What each recipient may see of a position: seated players their own seat's view, moves and
 * events, everyone else the public ones. Nothing here ever returns the state itself.
 */
import { legalMoves, type Move, type Seat, viewFor, visibleEvents } from '@gangsta/engine';
import type { GameFrame, LogLine, MoveNews, UpdateFrame } from '@gangsta/protocol';
import { withoutCards } from '@gangsta/protocol';
import { allEvents, eventsOfMove, isOver, mayUndo, type Position } from './position.ts';

/** Every seat's legal moves, once per position (a position is sent to every watcher). */
const legalCache = new WeakMap<Position, { all: Move[]; deciding: Seat[] }>();

function legalOf(position: Position): { all: Move[]; deciding: Seat[] } {
  let cached = legalCache.get(position);
  if (!cached) {
    const all = isOver(position) ? [] : legalMoves(position.state);
    const deciding = [...new Set(all.map((move) => move.seat))].sort((a, b) => a - b);
    cached = { all, deciding };
    legalCache.set(position, cached);
  }
  return cached;
}

/** The seats that must decide in this position. */
export function decidingSeats(position: Position): readonly Seat[] {
  return legalOf(position).deciding;
}

export function frameFor(position: Position, seat: Seat | null): GameFrame {
  const { state } = position;
  const over = isOver(position);
  const { all, deciding } = legalOf(position);
  return {
    seat,
    moveCount: state.moveCount,
    view: viewFor(state, seat),
    legal: seat === null ? [] : all.filter((move) => move.seat === seat),
    canUndo: mayUndo(position, seat),
    deciding: [...deciding],
    over,
  };
}

/** The frame without the card set, which travels once, with the sync (see UpdateFrame). */
export function updateFrameFor(position: Position, seat: Seat | null): UpdateFrame {
  return withoutCards(frameFor(position, seat));
}

/** The recipient's whole visible log, setup first. */
export function logFor(position: Position, seat: Seat | null): LogLine[] {
  return allEvents(position).flatMap((events, i) =>
    visibleEvents(events, seat).map((event) => ({ moveIndex: i - 1, event })),
  );
}

/** The last `count` moves in effect, as the recipient may learn of them. */
export function newsFor(position: Position, count: number, seat: Seat | null): MoveNews[] {
  const news: MoveNews[] = [];
  for (let index = position.moves.length - count; index < position.moves.length; index++) {
    const move = position.moves[index];
    news.push({
      index,
      seat: move.seat,
      byBot: position.byBot[index],
      move: move.type === 'keepResources' && move.seat !== seat ? null : move,
      events: visibleEvents(eventsOfMove(position, index), seat),
    });
  }
  return news;
}
