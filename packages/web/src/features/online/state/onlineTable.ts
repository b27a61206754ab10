/**
 * The online game as a `TableSource`: the same table screen a local game uses, fed by the
 * server's `sync` and `update` frames instead of a local engine. It holds no game state of its
 * own beyond what the server sent this recipient (its seat's view, or the public one), so it
 * cannot drift: every position it shows is one the server computed.
 *
 * Besides the table snapshot it keeps the room: the table's seats (`TableInfo`), the chat and
 * the connection, for the waiting room and the chat panel.
 */
import type { GameRecord, Move, Seat } from '@gangsta/engine';
import type {
  BotLevel,
  ChatLine,
  GameFrame,
  LogLine,
  MoveNews,
  TableInfo,
} from '@gangsta/protocol';
import type { BotClient } from '../../../bots/botClient.ts';
import { botSeed, type SeatKind } from '../../../game/seats.ts';
import { Listeners } from '../../../store.ts';
import { TableFeedback } from '../../../table/feedback.ts';
import type {
  ConnectionState,
  LastMove,
  LogEntry,
  SeatClockState,
  StandIn,
  TableError,
  TablePlayer,
  TableSnapshot,
  TableSource,
} from '../../../table/tableSource.ts';
import type { Connection, ConnectionSnapshot, TableMessage } from './connection.ts';
import { OnlineError } from './errors.ts';

export interface OnlineTableDeps {
  connection: Connection;
  /** The local bot worker, for hints (the medium bot, as offline). */
  bots: () => BotClient;
  /** Downloads the finished game's record (seated players only). */
  fetchRecord: (table: string) => Promise<GameRecord>;
  /** Turns a refusal into the sentence the table's error line shows. */
  describe: (error: TableError) => string;
}

/** The room around the game: seats, chat and connection. */
export interface RoomSnapshot {
  info: TableInfo | null;
  chat: ChatLine[];
  /** The last chat refusal (rate limit, too long…), until the next line is sent. */
  chatError: TableError | null;
  connection: ConnectionSnapshot;
  /** Whether the server's first `sync` has arrived. */
  synced: boolean;
  /** The game record, once downloaded after the end. */
  record: GameRecord | null;
}

interface PendingMove {
  id: string;
  /** The version the ack named: the move counts as done once a frame at least this new is in. */
  ackedAt: number | null;
}

/** A string hash, for the hint bot's seed (the game seed is the server's secret). */
function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A move carried by the news when the server may show it (never another seat's secret). */
function newsMove(news: MoveNews): Move | null {
  const move: unknown = news.move;
  if (typeof move !== 'object' || move === null) return null;
  const candidate = move as { type?: unknown; seat?: unknown };
  return typeof candidate.type === 'string' && candidate.seat === news.seat ? (move as Move) : null;
}

export class OnlineTable implements TableSource {
  readonly mode = 'online' as const;
  private info: TableInfo | null = null;
  /** `performance.now()` when `info` arrived: the clocks count down from then. */
  private infoAt = 0;
  private version: number | undefined;
  private frame: GameFrame | null = null;
  private log: LogEntry[] = [];
  private chat: ChatLine[] = [];
  private chatError: TableError | null = null;
  /** The last move, the refusal shown and the hint (table/feedback.ts). */
  private readonly feedback = new TableFeedback();
  private pending: PendingMove | null = null;
  /** Our last move, so the news of it can name the move (for the animation). */
  private lastSentMove: Move | null = null;
  private recordData: GameRecord | null = null;
  private recordAsked = false;
  private snapshot: TableSnapshot | null = null;
  private room: RoomSnapshot;
  private readonly listeners = new Listeners();
  private readonly stopWatching: () => void;
  private readonly stopConnection: () => void;

  constructor(
    readonly tableId: string,
    private readonly deps: OnlineTableDeps,
    info: TableInfo | null = null,
  ) {
    this.info = info;
    this.infoAt = performance.now();
    this.room = this.buildRoom();
    // Only the state matters here (not the move queue's length): every render of the table
    // costs, and a move already changes the table when it is sent and when it is answered.
    let seen = deps.connection.getSnapshot();
    this.stopConnection = deps.connection.subscribe(() => {
      const now = deps.connection.getSnapshot();
      if (now.state === seen.state && now.retryAt === seen.retryAt) return;
      seen = now;
      this.changed();
    });
    this.stopWatching = deps.connection.watch(tableId, {
      receive: (message, table) => this.receive(message, table.frame),
    });
  }

  // --- the external-store protocol -------------------------------------------------------

  subscribe = this.listeners.subscribe;

  /** The table's snapshot; only meaningful once `hasGame()` (the table screen needs a view). */
  getSnapshot = (): TableSnapshot => {
    this.snapshot ??= this.buildSnapshot();
    return this.snapshot;
  };

  getRoom = (): RoomSnapshot => this.room;

  hasGame(): boolean {
    return this.frame !== null;
  }

  // --- commands -----------------------------------------------------------------------------

  play(move: Move): boolean {
    const frame = this.frame;
    if (!frame || this.pending || this.version === undefined) return false;
    if (frame.seat === null || move.seat !== frame.seat || frame.legal.length === 0) return false;
    const id = this.deps.connection.sendMove(this.tableId, move, this.version);
    this.lastSentMove = move;
    this.pending = { id, ackedAt: null };
    this.feedback.error = null;
    this.changed();
    return true;
  }

  undo(): boolean {
    const frame = this.frame;
    if (!frame?.canUndo || this.pending || this.version === undefined) return false;
    const id = this.deps.connection.sendUndo(this.tableId, this.version);
    this.pending = { id, ackedAt: null };
    this.feedback.error = null;
    this.changed();
    return true;
  }

  /** Online, each device shows one seat: there is never a device to pass. */
  confirmPass(): void {}

  clearError(): void {
    this.feedback.error = null;
    this.changed();
  }

  async requestHint(): Promise<void> {
    const frame = this.frame;
    if (!frame || frame.seat === null || frame.legal.length === 0) return;
    const moveCount = frame.moveCount;
    const seat = frame.seat;
    await this.feedback.askHint(
      moveCount,
      () =>
        this.deps
          .bots()
          .ask('medium', botSeed(hashSeed(this.tableId), seat, moveCount), frame.view, frame.legal),
      () => this.frame?.moveCount === moveCount,
      () => this.changed(),
    );
  }

  record(): GameRecord | null {
    return this.recordData;
  }

  sendChat(text: string): boolean {
    const sent = this.deps.connection.chat(this.tableId, text);
    this.chatError = sent ? null : { code: 'NETWORK', message: 'not connected', params: {} };
    this.changed();
    return sent;
  }

  /** Takes the viewer's seat back from the bot that plays it for them. */
  resume(): boolean {
    const sent = this.deps.connection.resume(this.tableId);
    if (!sent) this.showError({ code: 'NETWORK', message: 'not connected', params: {} });
    this.changed();
    return sent;
  }

  /** The seats changed outside the socket (an HTTP answer to join, leave, kick or start). */
  setInfo(info: TableInfo): void {
    this.applyInfo(info);
    this.changed();
  }

  dispose(): void {
    this.stopWatching();
    this.stopConnection();
    this.listeners.clear();
  }

  // --- frames from the server -------------------------------------------------------------

  /**
   * One frame for this table, with the frame the connection holds after it (an update's patch
   * applied); the table is drawn again only when something changed.
   */
  private receive(message: TableMessage, frame: GameFrame | null): void {
    if (this.apply(message, frame)) this.changed();
  }

  private apply(message: TableMessage, frame: GameFrame | null): boolean {
    switch (message.type) {
      case 'sync':
        this.onSync(message.version, message.frame, message.log, message.chat);
        return true;
      case 'update':
        if (!frame) return false;
        this.onUpdate(message, frame);
        return true;
      case 'ack':
        return this.onAck(message.id, message.version);
      case 'rejected':
        return this.onRejected(message.id, message.error);
      case 'chat':
        this.chat = [...this.chat, message.line];
        return true;
      case 'chatRemoved':
        // The host removed a spectator's line: gone for everyone, at once.
        this.chat = this.chat.filter((line) => line.seq !== message.seq);
        return true;
      case 'table':
        this.applyInfo(message.table);
        return true;
      case 'error':
        this.onError(message.error);
        return true;
    }
  }

  private onSync(version: number, frame: GameFrame | null, log: LogLine[], chat: ChatLine[]): void {
    this.version = version;
    this.frame = frame;
    this.log = log.map((line, id) => {
      const standIn = line.botSeat === undefined ? null : this.standInFor(line.botSeat, null);
      return { id, moveIndex: line.moveIndex, event: line.event, ...(standIn ? { standIn } : {}) };
    });
    this.feedback.lastMove = null;
    this.chat = chat;
    this.feedback.hint = { status: 'idle' };
    this.settlePending();
    this.askRecord();
  }

  /**
   * An update the connection applied: it follows our version, and its patch gave back the
   * server's frame (the connection asks again itself otherwise, see `@gangsta/client`).
   */
  private onUpdate(message: Extract<TableMessage, { type: 'update' }>, frame: GameFrame): void {
    const { version, moves } = message;
    const log = [...this.log];
    for (const news of moves) {
      const standIn = this.standInOf(news);
      for (const event of news.events) {
        log.push({ id: log.length, moveIndex: news.index, event, ...(standIn ? { standIn } : {}) });
      }
    }
    this.log = log;
    this.version = version;
    this.frame = frame;
    const last = moves.at(-1);
    if (last) this.feedback.lastMove = this.toLastMove(last, frame.seat);
    this.feedback.hint = { status: 'idle' };
    // The server broadcasts a move only once it is committed: the news of our seat's move is
    // as good as its ack, and the table need not wait (and draw once more) for the ack.
    const ours = frame.seat !== null && moves.some((n) => n.seat === frame.seat && !n.byBot);
    if (ours && this.pending) this.pending.ackedAt ??= version;
    this.settlePending();
    this.askRecord();
  }

  /** The bot that made this move for a person away from their seat, so that the log names it. */
  private standInOf(news: MoveNews): StandIn | null {
    if (!news.byBot) return null;
    const seat = this.info?.seats.find((s) => s.seat === news.seat);
    if (!seat?.away) return null;
    return this.standInFor(news.seat, seat.away.level);
  }

  /**
   * A bot's move in a person's seat (a bot's own seat needs no naming). The sync's log marks
   * every bot move with its seat (`LogLine.botSeat`), also moves from before the player came
   * back: those take the level of the bot still there, or else the table's takeover level.
   */
  private standInFor(seatIndex: Seat, level: BotLevel | null): StandIn | null {
    const seat = this.info?.seats.find((s) => s.seat === seatIndex);
    if (seat?.kind !== 'player') return null;
    const botLevel = level ?? seat.away?.level ?? this.info?.takeoverLevel;
    return botLevel ? { seat: seatIndex, level: botLevel } : null;
  }

  private toLastMove(news: MoveNews, viewer: Seat | null): LastMove | null {
    const ours = viewer !== null && news.seat === viewer && !news.byBot;
    const move = newsMove(news) ?? (ours ? this.lastSentMove : null);
    if (!move) return null;
    return { index: news.index, move, byBot: !ours };
  }

  /** Whether the ack changed anything (usually the news of the move came first). */
  private onAck(id: string, version: number): boolean {
    if (this.pending?.id !== id) return false;
    this.pending.ackedAt = version;
    this.settlePending();
    return this.pending === null;
  }

  private onRejected(id: string, error: TableError): boolean {
    if (this.pending?.id !== id) return false;
    this.pending = null;
    // STALE: the position moved on under us; the `sync` that follows redraws it, no error.
    if (error.code !== 'STALE') this.showError(error);
    return true;
  }

  private onError(error: TableError): void {
    // Chat refusals belong beside the chat (a spectator without a name may not chat).
    if (
      error.code === 'RATE_LIMITED' ||
      error.code === 'BAD_CHAT' ||
      error.code === 'UNAUTHENTICATED'
    ) {
      this.chatError = error;
      return;
    }
    this.showError(error);
  }

  /** Our move is done once acked and a frame at least as new as the ack is drawn. */
  private settlePending(): void {
    const pending = this.pending;
    if (!pending || pending.ackedAt === null || this.version === undefined) return;
    if (this.version >= pending.ackedAt) {
      this.pending = null;
    }
  }

  private applyInfo(info: TableInfo): void {
    const before = this.info?.status;
    this.info = info;
    this.infoAt = performance.now();
    // The game started (or ended) while we only had the waiting room: ask for the position.
    if (before !== undefined && before !== info.status && this.frame === null) {
      this.deps.connection.rewatch(this.tableId);
    }
  }

  private showError(error: TableError): void {
    this.feedback.error = { ...error, message: this.deps.describe(error) };
  }

  /** Seated players download the record once the game is over, for "Download" and replays. */
  private askRecord(): void {
    if (!this.frame?.over || this.frame.seat === null || this.recordAsked) return;
    this.recordAsked = true;
    this.deps.fetchRecord(this.tableId).then(
      (record) => {
        this.recordData = record;
        this.changed();
      },
      (error: unknown) => {
        this.recordAsked = false;
        if (error instanceof OnlineError) this.showError(error.toJSON());
        this.changed();
      },
    );
  }

  // --- snapshots ----------------------------------------------------------------------------

  private changed(): void {
    this.snapshot = null;
    // The chat and the menu read the room: keep the same object while nothing in it changed.
    const room = this.buildRoom();
    const same = (Object.keys(room) as (keyof RoomSnapshot)[]).every(
      (key) => room[key] === this.room[key],
    );
    if (!same) this.room = room;
    this.listeners.emit();
  }

  private buildRoom(): RoomSnapshot {
    return {
      info: this.info,
      chat: this.chat,
      chatError: this.chatError,
      connection: this.deps.connection.getSnapshot(),
      synced: this.version !== undefined,
      record: this.recordData,
    };
  }

  private seatKinds(count: number): SeatKind[] {
    return Array.from({ length: count }, (_, seat) => {
      const info = this.info?.seats.find((s) => s.seat === seat);
      return info?.botLevel ?? 'human';
    });
  }

  private players(count: number): TablePlayer[] {
    return this.seatKinds(count).map((kind, seat) => {
      const info = this.info?.seats.find((s) => s.seat === seat);
      const isBot = info?.kind === 'bot';
      const clock = this.seatClock(seat);
      return {
        seat,
        kind,
        name: isBot ? null : (info?.name ?? null),
        ...(info?.botAccount ? { botAccount: true } : {}),
        connected: isBot || (info?.connected ?? false),
        ...(clock ? { clock } : {}),
        away: info?.away ?? null,
      };
    });
  }

  /** The seat's time as the server last told it (none at a friendly table). */
  private seatClock(seat: Seat): SeatClockState | undefined {
    const clock = this.info?.clock;
    const remainingMs = clock?.remainingMs[seat];
    if (!clock || clock.setting.kind === 'none' || remainingMs === undefined) return undefined;
    return {
      kind: clock.setting.kind,
      remainingMs,
      running: clock.running.includes(seat),
      receivedAt: this.infoAt,
    };
  }

  private buildSnapshot(): TableSnapshot {
    const frame = this.frame;
    const count = frame?.view.players.length ?? this.info?.options.players ?? 2;
    const seats = this.seatKinds(count);
    const busy = this.pending !== null;
    const connection: ConnectionState = this.deps.connection.getSnapshot().state;
    const deciding = frame?.deciding ?? [];
    return {
      seats,
      players: this.players(count),
      viewer: frame?.seat ?? null,
      view: frame?.view ?? null,
      decision: frame?.view.decision ?? { kind: 'gameOver' },
      passTo: null,
      // While a move of ours awaits its answer, no second one can be chosen.
      legal: busy || !frame ? [] : frame.legal,
      deciding,
      thinking: deciding.find((seat) => seats[seat] !== 'human') ?? null,
      log: this.log,
      canUndo: !busy && (frame?.canUndo ?? false),
      lastMove: this.feedback.lastMove,
      moveCount: frame?.moveCount ?? 0,
      error: this.feedback.error,
      over: frame?.over ?? false,
      hint: this.feedback.hint,
      connection,
      pending: busy,
    };
  }
}
