/**
 * The parts that do a table's work, as the rest of the tables reach them: each is an object
 * built once by the table service (`service.ts`) with what it needs, so a function that uses
 * one is given that one object, not everything the part reaches. The classes are beside
 * their concepts; this file names only what they offer.
 */
import type { Seat } from '@gangsta/engine';
import type { Peer, PeerPlayer } from '../peer.ts';
import type { ChatRow, MoveRow, TableChange } from '../store/types.ts';
import type { Room } from './room.ts';

/** Brings a table in memory to the store's position (`memory/stored.ts`). */
export interface CatchUp {
  /**
   * Applies rows that follow the room's committed position; false when they do not (a gap,
   * or a row the engine refuses), and the caller reads the store instead (`run`).
   */
  rows(room: Room, rows: MoveRow[]): boolean;
  /** Reads the store first when a client has seen more than this process. */
  ifBehind(room: Room, seen: number): Promise<void>;
  /** Brings the room to the store's state: its row, then the rows of its log it lacks. */
  run(room: Room): Promise<void>;
}

/** One move or undo to apply, from a person (with the connection to answer) or a bot. */
export interface Submission {
  room: Room;
  seat: Seat;
  clientId: string;
  seen: number;
  /** The move, or null for an undo. */
  move: unknown;
  byBot: boolean;
  peer: Peer | null;
  /** `performance.now()` when it arrived (acknowledgement latency). */
  receivedAt: number;
  /** The store said it holds no move with this id (an old id's hash matched: `answered.ts`). */
  idUnknownToStore?: boolean;
}

/** Moves and undos checked, applied to the head position and queued (`moves/play.ts`). */
export interface Moves {
  /** Checks and applies a move or an undo; it is answered once its commit ends. */
  submit(sub: Submission): void;
}

export type AwayReason = 'timeout' | 'absent' | 'left';

/** A bot takes a seat over for its player, and gives it back (`seats/takeover.ts`). */
export interface Takeover {
  /**
   * The table's takeover bot plays the seat from now on, if `due` still says so once the
   * moves being committed are stored; false when it did not (or did already).
   */
  takeOver(room: Room, seat: Seat, reason: AwayReason, due?: () => boolean): Promise<boolean>;
  /** The player takes their seat back (nothing happens when no bot plays it). */
  resumeSeat(room: Room, seat: Seat): Promise<void>;
  /** `resume` from a connection: the sender's seat at a game in play. */
  resume(room: Room, player: PeerPlayer | null): Promise<void>;
  /** Leaving a game in play: the takeover bot plays on for the player. */
  leaveGame(room: Room, seat: Seat): Promise<void>;
}

export interface WriteOptions {
  /** The change is in the room already (a move made meanwhile must see it). */
  applied?: boolean;
  /** Puts back what the caller marked in the room before the write, when it was not written. */
  notWritten?: () => void;
}

/** Changes of a table's row that people make, on the seats' revision (`seats/seatWrites.ts`). */
export interface SeatWrites {
  /** Waits until no move of the table is being committed (the row's clock is the head's). */
  settled(room: Room): Promise<void>;
  /**
   * Writes the change; whether it was written. Not written (another process changed the
   * table first, or the write failed), `notWritten` runs and the room reads the store again.
   */
  write(room: Room, change: TableChange, options?: WriteOptions): Promise<boolean>;
  /** Writes the change like `write`; not written, the `onFreshTable` around it runs again. */
  change(room: Room, change: TableChange, options?: WriteOptions): Promise<void>;
  /**
   * Runs a request that changes a table's seats, and again on the table as the store has it
   * when another process changed it first; refuses with STALE when that keeps happening.
   */
  onFreshTable<T>(id: string, work: () => Promise<T>): Promise<T>;
}

/** Games started, by their host or once a rematch's kept seats are taken (`seats/lifecycle.ts`). */
export interface GameStart {
  /** Starts a waiting table whose seats are all taken; refuses one that cannot start. */
  begin(room: Room): Promise<Room>;
}

/** A chat line as its writer gives it; the table, its number and the time are added. */
export type ChatFields = Omit<ChatRow, 'tableId' | 'seq' | 'at'>;

/** The tables' chat (`watchers/chat.ts`). */
export interface Chat {
  /** A line a watcher of the table writes, checked and rate-limited, then posted. */
  say(peer: Peer, id: string, text: string): Promise<void>;
  /** Stores a line under the table's next chat number, then shows it to every watcher. */
  post(room: Room, fields: ChatFields): Promise<void>;
}

/** Connections watching tables (`watchers/watch.ts`). */
export interface Watching {
  /** The connection watches the table from now on, and gets what it missed. */
  watch(peer: Peer, id: string, seen: number | undefined, patches?: boolean): Promise<void>;
  /** The connection stops watching the table. */
  unwatch(peer: Peer, id: string): void;
  /** A closed connection leaves every table it watched. */
  peerGone(peer: Peer): void;
}
