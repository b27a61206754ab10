/**
 * A table in memory: its stored row, its game (the committed position everyone has been told
 * of, and the head that includes moves still being committed), who watches it, its chat, and
 * the client move ids it has answered.
 */
import { moveKey, type Seat } from '@gangsta/engine';
import type { BotLevel, ChatLine, RematchInfo, SeatInfo, TableInfo } from '@gangsta/protocol';
import { LIMITS } from '@gangsta/protocol';
import type { Peer } from '../peer.ts';
import type { ChatRow, MoveRow, StoredSeat, TableChange, TableRow } from '../store/types.ts';
import { AnsweredIds } from './answered.ts';
import { clockInfoOf } from './clock.ts';
import type { Position } from './position.ts';

export class Room {
  #committed: Position | null = null;
  #head: Position | null = null;
  readonly watchers = new Set<Peer>();
  /**
   * The watchers that asked for whole frames (`watch` with `patches: false`): their live
   * updates carry the frame instead of a JSON Patch. Always a subset of `watchers`.
   */
  readonly wholeFrameWatchers = new Set<Peer>();
  /** The client move ids answered (`answered.ts`). */
  readonly answered = new AnsweredIds();
  chat: ChatLine[] = [];
  chatSeq = 0;
  /** A bot of this table is waiting or thinking. */
  botBusy = false;
  /**
   * Commits of this table that failed in a row because the store could not be reached: its
   * bots wait longer after each (`bots.ts`); the next commit that succeeds sets it back to 0.
   */
  storeFailures = 0;
  /** The clock the table's remaining times are told by (the registry sets the server's). */
  now: () => number = Date.now;
  /** Whether the player is connected on another process of a cluster too (the registry sets it). */
  connectedAnywhere: (playerId: string) => boolean = () => false;
  /** A finished table's rematch, once asked for (`rematch.ts`). */
  rematch: RematchInfo | null = null;

  constructor(public table: TableRow) {}

  /** The position everyone has been told of: its moves are on the disk. */
  get committed(): Position | null {
    return this.#committed;
  }

  /** The position being played: the committed one and the moves still being committed. */
  get head(): Position | null {
    return this.#head;
  }

  /** Both positions at once: the game starts, is rebuilt, or follows the store's log. */
  resetTo(position: Position): void {
    this.#committed = position;
    this.#head = position;
  }

  /** A move or undo applied in memory: the head moves on while its commit is written. */
  applied(position: Position): void {
    this.#head = position;
  }

  /** Moves up to `position` are on the disk (the head may be further on). */
  committedTo(position: Position): void {
    this.#committed = position;
  }

  /** Commits failed or lost a race: the head goes back to `position` (the moves before them). */
  rolledBackTo(position: Position | null): void {
    this.#head = position;
  }

  get id(): string {
    return this.table.id;
  }

  seatOf(playerId: string | undefined): Seat | null {
    if (playerId === undefined) return null;
    const seat = this.table.seats.findIndex((s) => s.playerId === playerId);
    return seat < 0 ? null : seat;
  }

  /** The seat whose view this connection receives (null: the public view). */
  viewerSeat(peer: Peer): Seat | null {
    return this.seatOf(peer.player?.id);
  }

  addChat(row: ChatRow): ChatLine {
    const line: ChatLine = {
      from: row.name,
      seat: row.seat,
      text: row.text,
      at: row.at,
      seq: row.seq,
    };
    if (row.notice) line.notice = row.notice;
    else line.playerId = row.playerId;
    this.chatSeq = Math.max(this.chatSeq, row.seq);
    this.chat.push(line);
    if (this.chat.length > LIMITS.chatHistory) this.chat.shift();
    return line;
  }

  info(): TableInfo {
    const connected = new Set<string>();
    let spectators = 0;
    for (const peer of this.watchers) {
      const seat = this.viewerSeat(peer);
      if (seat === null) spectators++;
      else if (peer.player) connected.add(peer.player.id);
    }
    for (const seat of this.table.seats) {
      if (seat.playerId !== null && !connected.has(seat.playerId)) {
        if (this.connectedAnywhere(seat.playerId)) connected.add(seat.playerId);
      }
    }
    const info = tableInfoOf(
      this.table,
      connected,
      spectators,
      this.committed?.moves.length,
      this.now(),
    );
    return this.rematch ? { ...info, rematch: this.rematch } : info;
  }
}

/**
 * A stored change of the table's row, applied to the room in memory: by the process that
 * wrote it, and by the other processes of a cluster that hear of it.
 */
export function applyTableChange(room: Room, change: TableChange): void {
  const table = { ...room.table };
  if (change.status !== undefined) table.status = change.status;
  if (change.seats !== undefined) {
    table.seats = change.seats;
    table.revision = (change.revision ?? table.revision) + 1;
  }
  if (change.seed !== undefined) table.seed = change.seed;
  if (change.moveCount !== undefined) table.moveCount = change.moveCount;
  if (change.startedAt !== undefined) table.startedAt = change.startedAt;
  if (change.finishedAt !== undefined) table.finishedAt = change.finishedAt;
  if (change.clock !== undefined) table.clock = change.clock;
  room.table = table;
}

/**
 * Who plays a seat now: its person, or a bot (a bot's seat, or a person's seat a bot took
 * over, `away`). The clock charges only the seats their people play; the bots move the others.
 */
export function botLevelOf(seat: StoredSeat | undefined): BotLevel | null {
  // A seat the table does not have is played by no bot.
  if (!seat) return null;
  return seat.botLevel ?? seat.away?.level ?? null;
}

/** The seats their own person plays now. */
export function peopleSeats(table: TableRow): Seat[] {
  return table.seats.flatMap((seat, i) => (seat.playerId !== null && !seat.away ? [i] : []));
}

/** What a stored row's client id was used for: its move's key, or "undo". */
export function keyOfRow(row: Pick<MoveRow, 'kind' | 'move'>): string {
  return row.kind === 'undo' ? 'undo' : keyOfMove(row.move);
}

/** A move's identity for recognising a resent id; a malformed move gets its JSON. */
export function keyOfMove(move: unknown): string {
  try {
    return moveKey(move as Parameters<typeof moveKey>[0]);
  } catch {
    return JSON.stringify(move);
  }
}

export function seatInfoOf(seat: StoredSeat, index: number, connected: Set<string>): SeatInfo {
  const kind = seat.botLevel !== null ? 'bot' : seat.playerId !== null ? 'player' : seat.setup;
  return {
    seat: index,
    kind: kind === 'host' ? 'open' : kind,
    name: seat.playerId !== null ? seat.name : seat.botLevel !== null ? seat.botLevel : seat.label,
    playerId: seat.playerId,
    botLevel: seat.botLevel,
    connected: seat.botLevel !== null || (seat.playerId !== null && connected.has(seat.playerId)),
    host: seat.setup === 'host',
    away: seat.away ?? null,
    reservedFor: seat.setup === 'reserved' ? (seat.reservedFor ?? null) : null,
    ...(seat.botAccount && seat.playerId !== null ? { botAccount: true } : {}),
  };
}

export function tableInfoOf(
  table: TableRow,
  connected: Set<string>,
  spectators: number,
  movesPlayed: number | undefined,
  now: number = Date.now(),
): TableInfo {
  const { setting, state } = table.clock;
  return {
    id: table.id,
    name: table.name,
    public: table.public,
    status: table.status,
    options: table.options,
    seats: table.seats.map((seat, i) => seatInfoOf(seat, i, connected)),
    hostId: table.hostId,
    spectators,
    createdAt: table.createdAt,
    moveCount: movesPlayed ?? table.moveCount,
    clock: clockInfoOf(setting, state, table.seats.length, now),
    takeoverLevel: table.clock.takeoverLevel,
    ...(table.allowBots ? { allowBots: true } : {}),
  };
}
