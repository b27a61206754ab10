/**
 * One benchmark game: 2–4 players registered over HTTP, the table created, joined and started,
 * one WebSocket per seat. Each seat answers its decisions with a random legal move, paced like
 * a person (0.7–1.3 s after the decision arrives) or at once (saturation), and times every
 * move from sending to its acknowledgement. Cheap on purpose: the clients must not be what
 * the benchmark measures.
 */
import { performance } from 'node:perf_hooks';
import type { Move } from '@gangsta/engine';
import {
  type FramePatch,
  nextFrame,
  PROTOCOL_VERSION,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';
import WebSocket from 'ws';
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

/** A server message, read only as far as the load client needs. */
interface Incoming {
  type: string;
  id?: string;
  version?: number;
  from?: number;
  frame?: Frame | null;
  moves?: unknown[];
  patch?: FramePatch;
  digest?: string;
  error?: { code: string; params?: { retryMs?: number } };
}

/** The longest pause between two tries of a refused move or hello. */
const RETRY_MAX_MS = 10_000;

/**
 * The pause before try `attempt` (0 first) of something the server asked to send again later
 * (UNAVAILABLE, RATE_LIMITED): its `retryMs`, doubled per try up to `RETRY_MAX_MS`, the upper
 * half random so that the clients of a process do not all come back in the same instant.
 */
export function retryDelay(retryMs: number, attempt: number, random: () => number): number {
  const full = Math.min(RETRY_MAX_MS, Math.max(50, retryMs) * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The card set's JSON as the server writes it in every view (learnt from the first full frame). */
let cardSetText: string | null = null;

/**
 * Reads a server message cheaply: nearly all of a game frame is the card set, the same for
 * every frame, which these clients never look at. Once its text is known, it is cut out of
 * each message before parsing (whatever the order of keys), so only the small rest is parsed.
 */
export function readMessage(text: string): Incoming {
  if (cardSetText !== null) {
    const at = text.indexOf(cardSetText);
    if (at >= 0) text = `${text.slice(0, at)}null${text.slice(at + cardSetText.length)}`;
  }
  const message = JSON.parse(text) as Incoming & { frame?: { view?: { cards?: unknown } } };
  const cards = message.frame?.view?.cards;
  if (cardSetText === null && cards) cardSetText = JSON.stringify(cards);
  return message;
}

class LoadSeat {
  private socket: WebSocket | null = null;
  private version = 0;
  private frame: Frame | null = null;
  /** The move in flight: kept until its ack or a final refusal, sent again after a pause. */
  private pending: { id: string; sentAt: number; text: string; tries: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private welcomed = false;
  /** Hellos refused in a row (the server could not reach its database). */
  private helloTries = 0;

  constructor(
    private readonly game: LoadGame,
    readonly token: string,
    readonly address: string,
    private readonly server: LoadServer,
  ) {}

  /** Connects, says hello and watches the table; resolves on the server's first answer to watch. */
  connect(): Promise<void> {
    const socket = new WebSocket(this.server.wsUrl, {
      localAddress: this.address,
      perMessageDeflate: false,
    });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => this.greet());
      let resolved = false;
      socket.on('message', (data: WebSocket.RawData) => {
        const text = String(data);
        this.receive(text);
        if (!resolved && (text.includes('"type":"sync"') || text.includes('"type":"update"'))) {
          resolved = true;
          resolve();
        }
      });
    });
  }

  /** Says hello and watches the table (again after a refused hello). */
  private greet(): void {
    this.socket?.send(
      JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, token: this.token }),
    );
    this.socket?.send(JSON.stringify({ type: 'watch', table: this.game.id }));
  }

  /** Pending (unanswered) move older than `ms`, if any. */
  unansweredFor(ms: number, now: number): boolean {
    return this.pending !== null && now - this.pending.sentAt > ms;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.terminate();
    this.socket = null;
  }

  /** Plans the seat's next move again after a pause. */
  resume(): void {
    this.schedule();
  }

  private receive(text: string): void {
    const { metrics } = this.game.ctx;
    metrics.framesReceived++;
    metrics.bytesReceived += text.length;
    const message = readMessage(text);
    if (message.type === 'update' && message.moves && message.moves.length > 0) {
      metrics.updateBytesPerMove.push(text.length / message.moves.length);
      metrics.movesHeard += message.moves.length;
    }
    switch (message.type) {
      case 'sync':
      case 'update':
        return this.position(message);
      case 'welcome':
        this.welcomed = true;
        this.helloTries = 0;
        return;
      case 'ack':
        return this.answered(message.id, true);
      case 'rejected':
        if (message.error?.code === 'STALE') metrics.stale++;
        else metrics.refused(message.error?.code ?? 'unknown');
        if (this.sendAgainLater(message)) return;
        return this.answered(message.id, false);
      case 'error':
        return this.refusal(message);
    }
  }

  private position(message: Incoming): void {
    if (message.type === 'update' && message.from !== undefined && message.from > this.version) {
      // A gap: ask for what was missed, as a real client does.
      this.socket?.send(JSON.stringify({ type: 'watch', table: this.game.id, seen: this.version }));
      return;
    }
    if (message.version === undefined || message.version < this.version) return;
    // A live update of a version we hold already (a watch answered twice): nothing new.
    if (message.patch && message.version === this.version) return;
    const frame = message.patch ? this.patched(message) : message.frame;
    if (!frame) return;
    this.version = message.version;
    this.frame = frame;
    if (this.frame.over) this.game.over();
    else this.schedule();
  }

  /** A live update's frame: its patch applied to ours (checked by its digest), as clients do. */
  private patched(message: Incoming): Frame | null {
    const table = this.game.id;
    if (!this.frame || message.from !== this.version) {
      // It does not follow the frame we hold: ask for what we missed, as after a gap.
      this.socket?.send(JSON.stringify({ type: 'watch', table, seen: this.version }));
      return null;
    }
    const next = nextFrame(
      withoutCards(this.frame as unknown as UpdateFrame),
      message as { patch: FramePatch },
    );
    if (next.ok) return next.frame as unknown as Frame;
    // The patch did not give back the server's frame (its digest): a whole sync.
    this.game.ctx.metrics.patchFailures++;
    this.socket?.send(JSON.stringify({ type: 'watch', table }));
    return null;
  }

  private answered(id: string | undefined, acked: boolean): void {
    if (!this.pending || this.pending.id !== id) return;
    const { metrics } = this.game.ctx;
    if (acked) {
      metrics.acks++;
      if (metrics.measuring) metrics.latencies.push(performance.now() - this.pending.sentAt);
    }
    this.pending = null;
    this.schedule();
  }

  /**
   * A move refused for the moment (the server cannot reach its database, or too many
   * messages) was not applied: the same move, id and version go again after the pause, longer
   * with each try. Returns whether the refusal was of that kind for the move in flight.
   */
  private sendAgainLater(message: Incoming): boolean {
    const code = message.error?.code;
    const pending = this.pending;
    if (
      (code !== 'UNAVAILABLE' && code !== 'RATE_LIMITED') ||
      !pending ||
      pending.id !== message.id
    ) {
      return false;
    }
    const delay = retryDelay(
      message.error?.params?.retryMs ?? 1000,
      pending.tries++,
      this.game.ctx.random,
    );
    setTimeout(() => {
      if (this.pending === pending && !this.game.ctx.stopped()) this.socket?.send(pending.text);
    }, delay);
    return true;
  }

  private refusal(message: Incoming): void {
    const code = message.error?.code ?? 'unknown';
    this.game.ctx.metrics.refused(code);
    // The server could not reach its database: a refused hello is said again after the pause
    // (and the table watched again, since that watch came before any welcome), and so is a
    // refused watch; nothing else of this client's is refused that way.
    if (code === 'UNAVAILABLE') {
      const retryMs = message.error?.params?.retryMs ?? 1000;
      if (!this.welcomed) {
        setTimeout(
          () => this.greet(),
          retryDelay(retryMs, this.helloTries++, this.game.ctx.random),
        );
      } else {
        setTimeout(
          () => this.socket?.send(JSON.stringify({ type: 'watch', table: this.game.id })),
          retryDelay(retryMs, 0, this.game.ctx.random),
        );
      }
      return;
    }
    // A rate-limited move was dropped unanswered: forget it and try again later.
    if (code === 'RATE_LIMITED' && this.pending) {
      this.pending = null;
      this.schedule(message.error?.params?.retryMs ?? 1000);
    }
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
    if (ctx.stopped() || this.pending || !this.socket || !this.frame || this.frame.over) return;
    const legal = this.frame.legal;
    if (legal.length === 0) return;
    const move = legal[Math.floor(ctx.random() * legal.length)];
    const id = ctx.nextId();
    const text = JSON.stringify({
      type: 'move',
      table: this.game.id,
      id,
      seen: this.version,
      move,
    });
    this.pending = { id, sentAt: performance.now(), text, tries: 0 };
    this.socket.send(text);
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
    return servers[(this.number + seat) % servers.length];
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
