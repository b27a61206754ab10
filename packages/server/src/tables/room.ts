/**
 * A table in memory: its stored row, its game (the committed position everyone has been told
 * of, and the head that includes moves still being committed), its clock, who watches it, its
 * chat, and the client move ids it has answered. `Room` alone writes them.
 */
import { moveKey, type Seat } from '@gangsta/engine';
import type { BotLevel, ChatLine, RematchInfo, SeatInfo, TableInfo } from '@gangsta/protocol';
import { LIMITS } from '@gangsta/protocol';
import type { Peer } from '../peer.ts';
import type {
  ChatRow,
  MoveRow,
  StoredSeat,
  TableChange,
  TableClock,
  TableRow,
} from '../store/types.ts';
import { afterMove, afterSeatChange, clockInfoOf, startClock } from './game/clock.ts';
import { decidingAt, isOver, type Position } from './game/position.ts';
import { AnsweredIds, type AnsweredView, type SentMove } from './moves/answered.ts';

/** What a table in memory asks of the process that holds it (`Rooms` gives it). */
export interface RoomSurroundings {
  /** The server's clock, for the remaining times the table tells. */
  now(): number;
  /** Whether the player is connected to the table on another process of a cluster too. */
  connectedAnywhere(playerId: string): boolean;
}

const ALONE: RoomSurroundings = { now: Date.now, connectedAnywhere: () => false };

/**
 * The one writer of a table's state in memory: everything else reads it through the getters
 * and changes it through the methods below, each named after what happened.
 */
export class Room {
  #table: TableRow;
  #committed: Position | null = null;
  #head: Position | null = null;
  readonly #watchers = new Set<Peer>();
  readonly #wholeFrameWatchers = new Set<Peer>();
  readonly #answered = new AnsweredIds();
  /**
   * The clocks of positions not yet committed: the head may run ahead of the committed
   * position while moves are being written, and each such move's clock waits here until its
   * commit writes it into the row (which has the committed one).
   */
  readonly #headClocks = new WeakMap<Position, TableClock>();
  #chat: ChatLine[] = [];
  #chatSeq = 0;
  #botBusy = false;
  #storeFailures = 0;
  #rematch: RematchInfo | null = null;
  #surroundings: RoomSurroundings = ALONE;

  constructor(table: TableRow) {
    this.#table = table;
  }

  /** The table's row as this process knows it: seats, status, clock, options. */
  get table(): Readonly<TableRow> {
    return this.#table;
  }

  get id(): string {
    return this.#table.id;
  }

  /** The position everyone has been told of: its moves are on the disk. */
  get committed(): Position | null {
    return this.#committed;
  }

  /** The position being played: the committed one and the moves still being committed. */
  get head(): Position | null {
    return this.#head;
  }

  /** The connections of this process that watch the table. */
  get watchers(): ReadonlySet<Peer> {
    return this.#watchers;
  }

  /**
   * The watchers that asked for whole frames (`watch` with `patches: false`): their live
   * updates carry the frame instead of a JSON Patch. Always a subset of `watchers`.
   */
  get wholeFrameWatchers(): ReadonlySet<Peer> {
    return this.#wholeFrameWatchers;
  }

  /** The client move ids answered (`answered.ts`). */
  get answered(): AnsweredView {
    return this.#answered;
  }

  /** The table's recent chat, oldest first (at most `LIMITS.chatHistory` lines). */
  get chat(): readonly ChatLine[] {
    return this.#chat;
  }

  /** The highest chat number this process has used or heard of. */
  get chatSeq(): number {
    return this.#chatSeq;
  }

  /** A bot of this table is waiting or thinking. */
  get botBusy(): boolean {
    return this.#botBusy;
  }

  /**
   * Commits of this table that failed in a row because the store could not be reached: its
   * bots wait longer after each (`bots.ts`); the next commit that succeeds sets it back to 0.
   */
  get storeFailures(): number {
    return this.#storeFailures;
  }

  /** A finished table's rematch, once asked for (`rematch.ts`). */
  get rematch(): RematchInfo | null {
    return this.#rematch;
  }

  /** The clock and presence of the process that holds the table (`Rooms` sets them). */
  placeIn(surroundings: RoomSurroundings): void {
    this.#surroundings = surroundings;
  }

  // The game.

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

  // The table's row.

  /**
   * A stored change of the table's row, applied in memory: by the process that wrote it, and
   * by the other processes of a cluster that hear of it.
   */
  applyChange(change: TableChange): void {
    const table = { ...this.#table };
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
    this.#table = table;
  }

  /** The store's row replaces this one: it is ahead (another process changed the table). */
  rowFromStore(row: TableRow): void {
    this.#table = { ...row };
  }

  /** Moves made on another process moved the clock (written with them). */
  clockFromStore(clock: TableRow['clock']): void {
    this.#table = { ...this.#table, clock };
  }

  /**
   * The game is marked started before its start is written, so that a second start meanwhile
   * is refused; returns the waiting row, which `startNotWritten` puts back.
   */
  markStarting(seed: number, startedAt: string): TableRow {
    const waiting = this.#table;
    this.#table = { ...waiting, status: 'playing', seed, startedAt };
    return waiting;
  }

  /** The start was not written: the table is waiting again, as `markStarting` found it. */
  startNotWritten(waiting: TableRow): void {
    this.#table = waiting;
  }

  /** A finished table's rematch, made here or heard of; returns whether it is new. */
  rematchMade(rematch: RematchInfo): boolean {
    if (this.#rematch?.table === rematch.table) return false;
    this.#rematch = rematch;
    return true;
  }

  // The clock (`clock.ts` has its rules; these apply them to this table's seats and game).

  /** The clock of the position being played (or of another one not yet committed). */
  clockAt(position: Position | null = this.#head): TableClock {
    if (position && position !== this.#committed) {
      return this.#headClocks.get(position) ?? this.#table.clock;
    }
    return this.#table.clock;
  }

  /** The clock of a game that starts now: every seat's full time, running for who must decide. */
  startingClock(position: Position, now: number): TableClock {
    const people = new Set(peopleSeats(this.#table));
    const charged = decidingAt(position).filter((seat) => people.has(seat));
    const { setting } = this.#table.clock;
    const state = startClock(setting, this.#table.seats.length, charged, now);
    return { ...this.#table.clock, state };
  }

  /**
   * The clock after a move or undo of a clocked table (null for a friendly one): `after`, the
   * new head, keeps it until its commit writes it with the move.
   */
  clockAfterMove(
    move: { seat: Seat; undo: boolean; byBot: boolean },
    before: Position,
    after: Position,
    now: number,
  ): TableClock | null {
    const clock = this.clockAt(before);
    if (clock.setting.kind === 'none' || clock.state === null) return null;
    const state = afterMove(clock.setting, clock.state, {
      now,
      mover: move.seat,
      credit: !move.undo && !move.byBot,
      decidingBefore: decidingAt(before),
      decidingAfter: decidingAt(after),
      people: peopleSeats(this.#table),
      over: isOver(after),
    });
    const next = { ...clock, state };
    this.#headClocks.set(after, next);
    return next;
  }

  /**
   * The clock once the table has `seats` (a seat taken over or given back, `resumed` when its
   * player took it back): charged until now, then running for the seats their people play.
   * Null when no clock runs (a friendly table, or a game not started). Call it once no move
   * is being committed (`settled` in `takeover.ts`), so that it starts from the last move's.
   */
  clockAfterSeatChange(seats: StoredSeat[], resumed: Seat | null, now: number): TableClock | null {
    const table = this.#table;
    const { setting, state } = table.clock;
    if (state === null || !this.#head) return null;
    const people = peopleSeats({ ...table, seats });
    const deciding = isOver(this.#head) ? [] : decidingAt(this.#head);
    const next = afterSeatChange(setting, state, now, deciding, people, resumed);
    return { ...table.clock, state: next };
  }

  // The watchers.

  /** The connection watches the table, with JSON Patch updates or whole frames. */
  watch(peer: Peer, patches: boolean): void {
    this.#watchers.add(peer);
    if (patches) this.#wholeFrameWatchers.delete(peer);
    else this.#wholeFrameWatchers.add(peer);
  }

  /** The connection stops watching; returns how it watched, or undefined when it did not. */
  unwatch(peer: Peer): { patches: boolean } | undefined {
    if (!this.#watchers.delete(peer)) return undefined;
    return { patches: !this.#wholeFrameWatchers.delete(peer) };
  }

  /** Every connection stops watching (the table is gone); returns those that watched. */
  dropWatchers(): Peer[] {
    const dropped = [...this.#watchers];
    this.#watchers.clear();
    this.#wholeFrameWatchers.clear();
    return dropped;
  }

  // The client move ids (`answered.ts`).

  /** The id's move is being committed; `waiter` hears the ack. */
  moveCommitting(seat: Seat, clientId: string, key: string, waiter: Peer | null): void {
    this.#answered.committing(seat, clientId, key, waiter);
  }

  /** `waiter` hears the ack of the id's move too, if it is being committed; whether it will. */
  awaitAck(seat: Seat, clientId: string, waiter: Peer): boolean {
    return this.#answered.awaitAck(seat, clientId, waiter);
  }

  /** The id's move is stored with this version; returns what the id was before. */
  moveSettled(seat: Seat, clientId: string, key: string, version: number): SentMove | undefined {
    return this.#answered.settle(seat, clientId, key, version);
  }

  /** The id's move was not stored; returns it (with its waiters) if it was known. */
  moveForgotten(seat: Seat, clientId: string): SentMove | undefined {
    return this.#answered.forget(seat, clientId);
  }

  // The chat.

  /** The next chat number to try for a line written here. */
  takeChatSeq(): number {
    this.#chatSeq += 1;
    return this.#chatSeq;
  }

  /** A stored line, written here or on another process, joins the recent chat. */
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
    this.#chatSeq = Math.max(this.#chatSeq, row.seq);
    this.#chat.push(line);
    if (this.#chat.length > LIMITS.chatHistory) this.#chat.shift();
    return line;
  }

  /** The host removed a line (`moderation.ts`). */
  removeChatLine(seq: number): void {
    this.#chat = this.#chat.filter((line) => line.seq !== seq);
  }

  // The bots and the store.

  /** A bot of the table starts waiting or thinking (false: it is done). */
  markBotBusy(busy: boolean): void {
    this.#botBusy = busy;
  }

  /** A commit of the table failed for the store's outage; returns the failures in a row. */
  storeFailed(): number {
    this.#storeFailures += 1;
    return this.#storeFailures;
  }

  /** A commit of the table succeeded, or the store is back: bots back off from the start. */
  storeReached(): void {
    this.#storeFailures = 0;
  }

  // Reading.

  seatOf(playerId: string | undefined): Seat | null {
    if (playerId === undefined) return null;
    const seat = this.#table.seats.findIndex((s) => s.playerId === playerId);
    return seat < 0 ? null : seat;
  }

  /** The seat whose view this connection receives (null: the public view). */
  viewerSeat(peer: Peer): Seat | null {
    return this.seatOf(peer.player?.id);
  }

  info(): TableInfo {
    const connected = new Set<string>();
    let spectators = 0;
    for (const peer of this.#watchers) {
      const seat = this.viewerSeat(peer);
      if (seat === null) spectators++;
      else if (peer.player) connected.add(peer.player.id);
    }
    for (const seat of this.#table.seats) {
      if (seat.playerId !== null && !connected.has(seat.playerId)) {
        if (this.#surroundings.connectedAnywhere(seat.playerId)) connected.add(seat.playerId);
      }
    }
    const info = tableInfoOf(
      this.#table,
      connected,
      spectators,
      this.#committed?.moves.length,
      this.#surroundings.now(),
    );
    return this.#rematch ? { ...info, rematch: this.#rematch } : info;
  }
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
