/**
 * What the table screen plays with: a source of snapshots and a few commands. Two sources
 * exist — the local `GameController` (bots and hot-seat on this device) and the online table
 * fed by the server (`../online/`) — and the table UI is the same for both: it reads
 * `TableSnapshot`s and calls these commands, and never knows where the game runs.
 */
import type { Reason as BotReason } from '@gangsta/bots';
import type { Decision, GameEvent, GameRecord, GameView, Move, Seat } from '@gangsta/engine';
import type { StandIn, TablePlayer } from '../game/players.ts';
import type { SeatKind } from '../game/seats.ts';

// Who sits where is the game's data (game/players.ts, also read by text/): the table's
// contract names it too.
export type { SeatClockState, StandIn, TablePlayer } from '../game/players.ts';

/** One line of the log: an event, with the move that caused it (-1 for the setup). */
export interface LogEntry {
  id: number;
  moveIndex: number;
  event: GameEvent;
  /**
   * Online: the move was a bot's, playing a person's seat while they are away (out of time,
   * absent, or gone). The log then names that bot instead of the person ("Bot (medium) for
   * you passes", never "You pass").
   */
  standIn?: StandIn;
}

/** The last move applied, for the short animation and the announcement of others' moves. */
export interface LastMove {
  index: number;
  move: Move;
  /** Made by a bot or, online, by another person: the table announces and animates it. */
  byBot: boolean;
}

export type HintState =
  | { status: 'idle' }
  | { status: 'thinking' }
  | { status: 'ready'; moveCount: number; move: Move; reason?: BotReason | undefined }
  | { status: 'failed' };

/** A refusal shown to the player: the engine's typed error, or (online) the server's. */
export interface TableError {
  code: string;
  message: string;
  params: Record<string, string | number | boolean | null>;
}

export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'offline';

export interface TableSnapshot {
  seats: SeatKind[];
  players: TablePlayer[];
  /** The seat whose view is shown; null for a spectator (or a table of bots only). */
  viewer: Seat | null;
  /** Null while the "pass the device" screen hides the table. */
  view: GameView | null;
  /** The pending decision (public: who must decide what). */
  decision: Decision;
  /** The human seat the device must be passed to before anything private is shown. */
  passTo: Seat | null;
  /** The viewer's legal moves when the viewer must decide now; otherwise empty. */
  legal: Move[];
  /** Seats that must decide now. */
  deciding: Seat[];
  /** A bot that is thinking. */
  thinking: Seat | null;
  log: LogEntry[];
  canUndo: boolean;
  lastMove: LastMove | null;
  moveCount: number;
  error: TableError | null;
  over: boolean;
  hint: HintState;
  /** Online only: the connection to the server, and whether a move of ours awaits its ack. */
  connection: ConnectionState | null;
  pending: boolean;
  /**
   * The tutorial offers only the scripted move although the rules allow others: the cards it
   * withholds say "follow the coach" instead of a rules reason that would not be true.
   */
  coached?: boolean;
}

export interface TableSource {
  readonly mode: 'local' | 'online';
  subscribe(listener: () => void): () => void;
  getSnapshot(): TableSnapshot;
  /** The viewer's move; false when it cannot be sent now. */
  play(move: Move): boolean;
  undo(): boolean;
  confirmPass(): void;
  clearError(): void;
  requestHint(): Promise<void>;
  /** The game record (local: always; online: once the game is over and downloaded). */
  record(): GameRecord | null;
}
