/**
 * What each recipient may see of a position: seated players their own seat's view, moves and
 * events, everyone else the public ones. Nothing here ever returns the state itself.
 */
import { itemAt, playerViewFor, type Seat, viewFor, visibleEvents } from '@gangsta/engine';
import type { FramePatch, GameFrame, LogLine, MoveNews, UpdateFrame } from '@gangsta/protocol';
import { diffFrames, diffPart, withoutCards } from '@gangsta/protocol';
import {
  allEvents,
  eventsOfMove,
  isOver,
  legalOf,
  mayUndo,
  type Position,
} from '../game/position.ts';

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

/** A patch's operations as JSON text without the list's brackets ('' for none): parts to join. */
function opsText(ops: FramePatch): string {
  return ops.length === 0 ? '' : JSON.stringify(ops).slice(1, -1);
}

/** A frame without what differs between audiences: its seat, legal moves, undo, viewer, players. */
function audienceFree(frame: UpdateFrame) {
  const { seat: _seat, legal: _legal, canUndo: _canUndo, view, ...rest } = frame;
  const { players: _players, viewer: _viewer, ...publicView } = view;
  return { ...rest, view: publicView };
}

/**
 * The patches of one live update, from each audience's frame of `base` to its frame of
 * `position`, as JSON text. An audience is the spectators or one seat, and a seat's frame
 * differs from the spectator's only in its own player, its `seat` and `viewer`, its legal
 * moves and undo (`sharedUpdateFrame`). So the operations on everything else (the public
 * part: the board, the other players) are found and encoded once per update, each player's
 * public part once, and only each seat's private part apart: a table of four seats diffs and
 * encodes the shared parts once instead of five times. The operations are those `diffFrames`
 * finds for each part; a seat's patch joins its parts (whose paths never overlap).
 */
export class UpdatePatches {
  #shared: string | undefined;
  readonly #publicPlayers: (string | undefined)[] = [];

  constructor(
    private readonly base: Position,
    private readonly position: Position,
  ) {}

  /** The patch (a JSON list) that turns the audience's frame of `base` into its frame of `position`. */
  textFor(seat: Seat | null): string {
    const before = sharedUpdateFrame(this.base, seat);
    const after = sharedUpdateFrame(this.position, seat);
    const count = after.view.players.length;
    // The number of players never changes in a game; should it, the patch is found whole.
    if (before.view.players.length !== count) return JSON.stringify(diffFrames(before, after));
    const parts = [this.sharedText()];
    for (let player = 0; player < count; player++) {
      parts.push(
        player === seat ? opsText(playerOps(before, after, player)) : this.publicPlayerText(player),
      );
    }
    parts.push(
      opsText([
        ...diffPart(before.seat, after.seat, ['seat']),
        ...diffPart(before.view.viewer, after.view.viewer, ['view', 'viewer']),
        ...diffPart(before.legal, after.legal, ['legal']),
        ...diffPart(before.canUndo, after.canUndo, ['canUndo']),
      ]),
    );
    return `[${parts.filter((part) => part !== '').join(',')}]`;
  }

  private sharedText(): string {
    this.#shared ??= opsText(
      diffPart(
        audienceFree(sharedUpdateFrame(this.base, null)),
        audienceFree(sharedUpdateFrame(this.position, null)),
        [],
      ),
    );
    return this.#shared;
  }

  /** The operations on a player's public view (every audience but the player's own seat). */
  private publicPlayerText(player: number): string {
    let text = this.#publicPlayers[player];
    if (text === undefined) {
      const before = sharedUpdateFrame(this.base, null);
      const after = sharedUpdateFrame(this.position, null);
      text = opsText(playerOps(before, after, player));
      this.#publicPlayers[player] = text;
    }
    return text;
  }
}

function playerOps(before: UpdateFrame, after: UpdateFrame, player: number): FramePatch {
  return diffPart(before.view.players[player], after.view.players[player], [
    'view',
    'players',
    player,
  ]);
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
