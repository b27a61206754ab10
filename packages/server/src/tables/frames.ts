/**
 * What each recipient may see of a position: seated players their own seat's view, moves and
 * events, everyone else the public ones. Nothing here ever returns the state itself.
 */
import { itemAt, playerViewFor, type Seat, viewFor, visibleEvents } from '@gangsta/engine';
import type { GameFrame, LogLine, MoveNews, UpdateFrame } from '@gangsta/protocol';
import { withoutCards } from '@gangsta/protocol';
import { allEvents, eventsOfMove, isOver, legalOf, mayUndo, type Position } from './position.ts';

/** The seats that must decide in this position (the engine's `decidingSeats`, cached with the legal moves). */
export function decidingAt(position: Position): readonly Seat[] {
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

/** Each seat's update frame of a position, built on the spectator's (`sharedUpdateFrame`). */
const sharedFrames = new WeakMap<
  Position,
  { spectator: UpdateFrame; seats: Map<Seat, UpdateFrame> }
>();

/**
 * `updateFrameFor(position, seat)`, the same JSON with its keys in the same order, built from
 * the spectator's frame of the position: a seat's view differs from a spectator's only in its
 * own player (the engine's `playerViewFor`), and its frame in its legal moves and undo. The
 * other parts are the spectator's very objects, shared by every seat's frame of the position,
 * so that the view is built once per position and not once per seat, and a broadcast diffs
 * each shared part once (`DiffMemo`). Kept while the position is: the frame sent now is the
 * base of the next move's patch. Never change a frame it returns.
 */
export function sharedUpdateFrame(position: Position, seat: Seat | null): UpdateFrame {
  let shared = sharedFrames.get(position);
  if (!shared) {
    shared = { spectator: updateFrameFor(position, null), seats: new Map() };
    sharedFrames.set(position, shared);
  }
  if (seat === null) return shared.spectator;
  let frame = shared.seats.get(seat);
  if (!frame) {
    const { spectator } = shared;
    const players = [...spectator.view.players];
    players[seat] = playerViewFor(position.state, seat, seat, spectator.view.players[seat]);
    frame = {
      ...spectator,
      seat,
      view: { ...spectator.view, viewer: seat, players },
      legal: legalOf(position).all.filter((move) => move.seat === seat),
      canUndo: mayUndo(position, seat),
    };
    shared.seats.set(seat, frame);
  }
  return frame;
}

/** The recipient's whole visible log, setup first. */
export function logFor(position: Position, seat: Seat | null): LogLine[] {
  return allEvents(position).flatMap((events, i) => {
    const moveIndex = i - 1;
    // A bot's move says for which seat it was made: after a reload, the log of a person whose
    // seat a bot played while they were away names the bot, not "you".
    const bot = moveIndex >= 0 && position.byBot[moveIndex];
    const botSeat = bot ? { botSeat: itemAt(position.moves, moveIndex, 'move').seat } : {};
    return visibleEvents(events, seat).map((event) => ({ moveIndex, event, ...botSeat }));
  });
}

/** The last `count` moves in effect, as the recipient may learn of them. */
export function newsFor(position: Position, count: number, seat: Seat | null): MoveNews[] {
  const news: MoveNews[] = [];
  for (let index = position.moves.length - count; index < position.moves.length; index++) {
    const move = itemAt(position.moves, index, 'move');
    news.push({
      index,
      seat: move.seat,
      byBot: itemAt(position.byBot, index, "move's bot flag"),
      move: move.type === 'keepResources' && move.seat !== seat ? null : move,
      events: visibleEvents(eventsOfMove(position, index), seat),
    });
  }
  return news;
}
