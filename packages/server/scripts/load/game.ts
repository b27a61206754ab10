/**
 * One benchmark game: 2–4 players registered over HTTP, the table created, joined and started,
 * one protocol client (`@gangsta/client`) per seat. Each seat answers its decisions with a
 * random legal move, paced like a person (0.7–1.3 s after the decision arrives) or at once
 * (saturation), and times every move from sending to its acknowledgement. Cheap on purpose:
 * the clients must not be what the benchmark measures (they read frames without the schemas,
 * and cut the card set out before parsing).
 */
import { performance } from 'node:perf_hooks';
import { GangstaClient, type ParseResult, type SocketLike, type TableView } from '@gangsta/client';
import type { Move } from '@gangsta/engine';
import type { ServerMessage } from '@gangsta/protocol';
import WebSocket from 'ws';
import { at } from '../../test/support/lists.ts';
import { jsonRequest } from './http.ts';

export class Metrics {
  measuring = false;
  latencies: number[] = [];
  acks = 0;
  stale = 0;
  /** Updates whose patch did not give back a frame matching its digest (each costs a sync). */
  patchFailures = 0;
  refusals: Record<string, number> = {};
  gamesFinished = 0;
  framesReceived = 0;
  bytesReceived = 0;
  /** Per update received: its bytes ÷ the moves it tells of. */
  updateBytesPerMove: number[] = [];
  /** Moves told of by the updates received (each watcher counts each move once). */
  movesHeard = 0;

  refused(code: string): void {
    this.refusals[code] = (this.refusals[code] ?? 0) + 1;
  }

  reset(): void {
    this.latencies = [];
    this.acks = 0;
    this.stale = 0;
    this.patchFailures = 0;
    this.refusals = {};
    this.gamesFinished = 0;
    this.framesReceived = 0;
    this.bytesReceived = 0;
    this.updateBytesPerMove = [];
    this.movesHeard = 0;
  }
}

export interface LoadServer {
  url: string;
  wsUrl: string;
}

export interface GameContext {
  /** The server processes; seat k of game g talks to `servers[(g + k) % n]`. */
  servers: LoadServer[];
  paced: boolean;
  metrics: Metrics;
  /** A fresh move id. */
  nextId(): string;
  /** A local loopback address for the next player. */
  nextAddress(): string;
  random(): number;
  /** Called once when the game ends (by its first seat). */
  onOver(game: LoadGame): void;
  stopped(): boolean;
}

interface Frame {
  legal: Move[];
  over: boolean;
}

/** The card set's JSON as the server writes it in every view (learnt from the first full frame). */
let cardSetText: string | null = null;

/**
 * Reads a server message cheaply, trusting the server (no schema): nearly all of a game frame
 * is the card set, the same for every frame, which these clients never look at. Once its text
 * is known, it is cut out of each message before parsing (whatever the order of keys), so only
 * the small rest is parsed. The client's `parse`.
 */
export function readMessage(text: string): ParseResult {
  if (cardSetText !== null) {
    const at = text.indexOf(cardSetText);
    if (at >= 0) text = `${text.slice(0, at)}null${text.slice(at + cardSetText.length)}`;
  }
  let message: ServerMessage & { frame?: { view?: { cards?: unknown } } | null };
  try {
    message = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (typeof message !== 'object' || message === null || typeof message.type !== 'string') {
    return { ok: false, problem: 'not a message' };
  }
  const cards = message.frame?.view?.cards;
  if (cardSetText === null && cards) cardSetText = JSON.stringify(cards);
  return { ok: true, message };
}

/**
 * The benchmark's clients resend a move only when the server asks (RATE_LIMITED, UNAVAILABLE),
 * not after a silence: a resend would be load the benchmark measures.
 */
const RESEND_AFTER_MS = 60_000;

class LoadSeat {
  private client: GangstaClient | null = null;
  private version = 0;
  private frame: Frame | null = null;
  /** The move in flight: kept (by the client's queue) until its ack or a final refusal. */
  private pending: { id: string; sentAt: number } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly game: LoadGame,
    readonly token: string,
    readonly address: string,
    private readonly server: LoadServer,
  ) {}

  /** Connects, says hello and watches the table; resolves on the server's first answer to watch. */
  connect(): Promise<void> {
    const { ctx } = this.game;
    const { metrics } = ctx;
    const client = new GangstaClient({
      url: this.server.wsUrl,
      token: () => this.token,
      socket: (url) => {
        const socket = new WebSocket(url, { localAddress: this.address, perMessageDeflate: false });
        socket.on('error', () => {}); // the client hears of it as a close
        return socket as unknown as SocketLike;
      },
      random: ctx.random,
      newId: ctx.nextId,
      parse: readMessage,
      reconnect: false,
      resendAfterMs: RESEND_AFTER_MS,
    });
    this.client = client;
    client.on('frame', ({ raw, message }) => {
      metrics.framesReceived++;
      metrics.bytesReceived += raw.length;
      if (message?.type === 'update' && message.moves.length > 0) {
        metrics.updateBytesPerMove.push(raw.length / message.moves.length);
        metrics.movesHeard += message.moves.length;
      }
      if (message?.type === 'error') metrics.refused(message.error.code);
    });
    client.on('problem', (problem) => {
      // The patch did not give back the server's frame (its digest): the client asks for a sync.
      if (problem.kind === 'patch') metrics.patchFailures++;
    });
    // A move refused for the moment goes again, same id and version, after the pause.
    client.on('retry', (_message, answer) => metrics.refused(answer.error.code));
    client.on('answer', (answer) => {
      if (answer.type === 'rejected') {
        if (answer.error.code === 'STALE') metrics.stale++;
        else metrics.refused(answer.error.code);
      }
      this.answered(answer.id, answer.type === 'ack');
    });
    return new Promise((resolve, reject) => {
      let resolved = false;
      client.on('drop', () => {
        if (!resolved) reject(new Error(`seat of ${this.game.id}: the socket closed`));
      });
      client.watch(this.game.id, {
        receive: (message, table) => {
          if (message.type !== 'sync' && message.type !== 'update') return;
          this.position(table);
          if (!resolved) {
            resolved = true;
            resolve();
          }
        },
      });
      client.connect();
    });
  }

  /** Pending (unanswered) move older than `ms`, if any. */
  unansweredFor(ms: number, now: number): boolean {
    return this.pending !== null && now - this.pending.sentAt > ms;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.client?.networkLost();
    void this.client?.close();
    this.client = null;
  }

  /** Plans the seat's next move again after a pause. */
  resume(): void {
    this.schedule();
  }

  /** The table's position as the client holds it after a sync or an (applied) update. */
  private position(table: TableView): void {
    const frame = table.frame as unknown as Frame | null;
    if (!frame) return;
    this.version = table.version;
    this.frame = frame;
    if (this.frame.over) this.game.over();
    else this.schedule();
  }

  private answered(id: string, acked: boolean): void {
    if (!this.pending || this.pending.id !== id) return;
    const { metrics } = this.game.ctx;
    if (acked) {
      metrics.acks++;
      if (metrics.measuring) metrics.latencies.push(performance.now() - this.pending.sentAt);
    }
    this.pending = null;
    this.schedule();
  }

  /** Plans this seat's next move if it has a decision and nothing in flight. */
  private schedule(delayMs?: number): void {
    if (
      this.timer ||
      this.pending ||
      !this.frame ||
      this.frame.over ||
      this.frame.legal.length === 0
    )
      return;
    const { ctx } = this.game;
    const delay = delayMs ?? (ctx.paced ? 700 + ctx.random() * 600 : 0);
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.timer = null;
    const { ctx } = this.game;
    const client = this.client;
    if (ctx.stopped() || this.pending || !client || !this.frame || this.frame.over) return;
    const legal = this.frame.legal;
    if (legal.length === 0) return;
    const move = at(legal, Math.floor(ctx.random() * legal.length), 'legal move');
    const id = client.sendMove(this.game.id, move, this.version);
    this.pending = { id, sentAt: performance.now() };
  }
}

export class LoadGame {
  id = '';
  private seats: LoadSeat[] = [];
  private finished = false;

  constructor(
    readonly ctx: GameContext,
    readonly players: number,
    private readonly options: Record<string, boolean>,
    /** This game's number: which process each seat talks to. */
    private readonly number: number,
  ) {}

  private serverOf(seat: number): LoadServer {
    const { servers } = this.ctx;
    return at(servers, (this.number + seat) % servers.length, 'server');
  }

  /** Registers the players, creates, fills and starts the table, and connects every seat. */
  async setUp(): Promise<void> {
    const { url } = this.serverOf(0);
    const players = [];
    for (let seat = 0; seat < this.players; seat++) {
      const address = this.ctx.nextAddress();
      const created = await jsonRequest<{ token: string }>(
        this.serverOf(seat).url,
        'POST',
        '/players',
        {
          body: { name: `load-${seat}` },
          localAddress: address,
        },
      );
      players.push({ token: created.token, address });
    }
    const [host, ...guests] = players;
    if (!host) throw new Error(`a table of ${this.players} seats has no host`);
    const table = await jsonRequest<{ table: { id: string } }>(url, 'POST', '/tables', {
      token: host.token,
      localAddress: host.address,
      body: {
        public: false,
        options: { players: this.players, ...this.options },
        seats: players.map((_, seat) => ({ kind: seat === 0 ? 'host' : 'open' })),
      },
    });
    this.id = table.table.id;
    for (const [index, guest] of guests.entries()) {
      await jsonRequest(this.serverOf(index + 1).url, 'POST', `/tables/${this.id}/join`, {
        token: guest.token,
        localAddress: guest.address,
        body: { seat: index + 1 },
      });
    }
    this.seats = players.map(
      (p, seat) => new LoadSeat(this, p.token, p.address, this.serverOf(seat)),
    );
    await Promise.all(this.seats.map((seat) => seat.connect()));
    await jsonRequest(url, 'POST', `/tables/${this.id}/start`, {
      token: host.token,
      localAddress: host.address,
      body: {},
    });
  }

  over(): void {
    if (this.finished) return;
    this.finished = true;
    this.ctx.metrics.gamesFinished++;
    this.ctx.onOver(this);
  }

  resume(): void {
    for (const seat of this.seats) seat.resume();
  }

  unanswered(ms: number, now: number): number {
    return this.seats.filter((seat) => seat.unansweredFor(ms, now)).length;
  }

  close(): void {
    for (const seat of this.seats) seat.close();
  }
}
