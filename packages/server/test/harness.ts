/**
 * What this package's tests share: an in-process server on a free port with a fresh data
 * folder, a small HTTP helper, and a WebSocket client that records every frame it receives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient, type Http } from '@gangsta/client';
import type { Move } from '@gangsta/engine';
import {
  type ClientMessage,
  type CreateTable,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ServerMessage,
  type ServerMessageOf,
  type TableInfo,
  type UpdateFrame,
  withoutCards,
} from '@gangsta/protocol';
import WebSocket from 'ws';
import { type RunningServer, type ServerOptions, startServer } from '../src/index.ts';
import { DEFAULT_SECURITY } from '../src/security/settings.ts';
import { databaseUrlFor, dropTestDatabase } from './support/database.ts';
import { FrameKeeper } from './support/frameKeeper.ts';
import { at } from './support/lists.ts';

export interface TestServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** Stops the server; the data folder stays until `cleanup`. */
  stop(): Promise<void>;
  /** A new server on the same data folder (a restart). */
  restart(): Promise<TestServer>;
  cleanup(): Promise<void>;
}

export const TEST_OPTIONS: Partial<ServerOptions> = {
  port: 0,
  logLevel: 'silent',
  botDelayMs: 0,
  botThreads: 1,
  staticDir: null,
  httpPerMinute: 0,
  playersPerMinute: 0,
  // Every test client comes from 127.0.0.1: the upgrade pace is tested on its own.
  security: { ...DEFAULT_SECURITY, upgradesPerMinute: 0 },
};

export async function startTestServer(
  options: Partial<ServerOptions> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'gangsta-server-')),
): Promise<TestServer> {
  const databaseUrl = options.store ? null : await databaseUrlFor(dataDir);
  const server = await startServer({ ...TEST_OPTIONS, databaseUrl, ...options, dataDir });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  return {
    server,
    url: server.url,
    dataDir,
    stop,
    restart: async () => {
      await stop();
      return startTestServer(options, dataDir);
    },
    cleanup: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dropTestDatabase(dataDir);
    },
  };
}

/** Servers a test file starts beside its main one, cleaned up together at the end. */
export function extraServers() {
  const started: TestServer[] = [];
  return {
    async start(options: Partial<ServerOptions> = {}): Promise<TestServer> {
      const server = await startTestServer(options);
      started.push(server);
      return server;
    },
    async cleanup(): Promise<void> {
      for (const server of started.splice(0)) await server.cleanup();
    },
  };
}

export interface HttpAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

export async function http(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; raw?: string } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = options.raw ?? JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: body ?? null });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export interface NewPlayer {
  id: string;
  name: string;
  token: string;
}

/**
 * `@gangsta/client`'s HTTP client (the route table's typed calls) for this server, as the
 * player of this token. Tests of refusals and malformed requests use `http` above instead.
 */
export function api(base: string, token?: string): Http {
  return createHttpClient({ baseUrl: base, token: () => token });
}

export async function newPlayer(base: string, name: string): Promise<NewPlayer> {
  const created = await api(base).createPlayer({ body: { name } });
  return { ...created.player, token: created.token };
}

/** A guest made an account (username and password): the same player and token. */
export async function newAccount(base: string, name: string): Promise<NewPlayer> {
  const player = await newPlayer(base, name);
  await api(base, player.token).createAccount({
    body: { username: name, password: 'long enough password' },
  });
  return player;
}

/**
 * A table with these seats, its player count theirs; `extra` adds to the request's body
 * (a name, `public`, `allowBots`...). Returns the created table's info.
 */
export async function createTable(
  base: string,
  token: string,
  seats: unknown[],
  extra: Record<string, unknown> = {},
): Promise<TableInfo> {
  // The seats and extras are the tests' own (some are refused on purpose): sent as they are.
  const body = { public: false, options: { players: seats.length }, seats, ...extra };
  const created = await api(base, token).createTable({ body: body as CreateTable });
  return created.table;
}

type Predicate<T extends ServerMessage> = (message: T) => boolean;

/** A WebSocket client that parses and keeps every server frame, for tests to wait on. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly raw: string[] = [];
  /** Applies live updates' patches (every update then has its whole frame). */
  readonly keeper = new FrameKeeper();
  private waiters: (() => void)[] = [];
  closed: { code: number } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const parsed = parseServerMessage(text);
      if (!parsed.ok)
        throw new Error(`the server sent a frame that does not parse: ${parsed.problem}`);
      const problem = this.keeper.take(parsed.message);
      if (problem) throw new Error(`the server sent an update that does not patch: ${problem}`);
      this.received.push(parsed.message);
      this.wakeAll();
    });
    socket.on('close', (code) => {
      this.closed = { code };
      this.wakeAll();
    });
  }

  static async connect(base: string, token?: string): Promise<TestClient> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const client = new TestClient(socket);
    client.send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
    await client.next('welcome');
    return client;
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** The first not yet consumed frame of this type that matches; waits for it. */
  next<T extends ServerMessage['type']>(
    type: T,
    match: Predicate<ServerMessageOf<T>> = () => true,
    timeoutMs = 20_000,
  ): Promise<ServerMessageOf<T>> {
    return this.nextOf([type], match, timeoutMs);
  }

  /** The first not yet consumed frame of any of these types that matches; waits for it. */
  async nextOf<T extends ServerMessage['type']>(
    types: readonly T[],
    match: Predicate<ServerMessageOf<T>> = () => true,
    timeoutMs = 20_000,
  ): Promise<ServerMessageOf<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex(
        (m) => (types as readonly string[]).includes(m.type) && match(m as ServerMessageOf<T>),
      );
      if (index >= 0) return this.received.splice(index, 1)[0] as ServerMessageOf<T>;
      if (this.closed)
        throw new Error(`closed (${this.closed.code}) while waiting for ${types.join('/')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${types.join('/')} frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether a frame of these types is already waiting to be consumed. */
  has(types: readonly ServerMessage['type'][], table?: string): boolean {
    return this.received.some(
      (m) => types.includes(m.type) && (table === undefined || ('table' in m && m.table === table)),
    );
  }

  /** Drops the frames received so far. */
  clear(): void {
    this.received.length = 0;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private wakeAll(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}

/**
 * The frame carried by a sync or an update, without the card set: an update leaves it out
 * (it came with the sync), so frames compare alike whichever message brought them.
 */
export function frameOf(
  message: ServerMessageOf<'sync'> | ServerMessageOf<'update'>,
): UpdateFrame | null {
  return message.frame ? withoutCards(message.frame) : null;
}

/**
 * Sends a move or undo and waits for its answer. Test clients play faster than people: a
 * message refused for speed (RATE_LIMITED, nothing applied) is sent again after `retryMs`.
 */
export async function answerOf(
  client: TestClient,
  message: Extract<ClientMessage, { type: 'move' | 'undo' }>,
  timeoutMs = 20_000,
): Promise<ServerMessageOf<'ack' | 'rejected'>> {
  for (;;) {
    client.send(message);
    const answer = await client.nextOf(['ack', 'rejected'], (m) => m.id === message.id, timeoutMs);
    if (answer.type === 'ack' || answer.error.code !== 'RATE_LIMITED') return answer;
    const retryMs = Number(answer.error.params.retryMs ?? 50);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

/** A seeded choice among legal moves, so a test game is reproducible. */
export function pick(legal: Move[], n: number): Move {
  return at(legal, n % legal.length, 'legal move');
}

export interface PlayedGame {
  /** Every sync and update this client received for the table, in order. */
  frames: (ServerMessageOf<'sync'> | ServerMessageOf<'update'>)[];
  moves: number;
  last: UpdateFrame;
}

/**
 * Plays a seat until the game is over: follows the table's syncs and updates, and whenever
 * its frame lists legal moves (and nothing newer is waiting), sends one and waits for its
 * answer. A STALE refusal is fine (a sync follows); any other refusal fails the test.
 */
export async function playSeat(
  client: TestClient,
  table: string,
  choose: (legal: Move[], n: number) => Move,
): Promise<PlayedGame> {
  const frames: PlayedGame['frames'] = [];
  let version = 0;
  let frame: UpdateFrame | null = null;
  let moves = 0;
  for (;;) {
    const message = await client.nextOf(['sync', 'update'], (m) => m.table === table, 60_000);
    frames.push(message);
    version = message.version;
    frame = frameOf(message) ?? frame;
    if (frame?.over) return { frames, moves, last: frame };
    if (!frame || frame.legal.length === 0 || client.has(['sync', 'update'], table)) continue;
    const id = `m${moves}`;
    const move = choose(frame.legal, moves);
    const answer = await answerOf(client, { type: 'move', table, id, seen: version, move }, 60_000);
    if (answer.type === 'rejected' && answer.error.code !== 'STALE') {
      throw new Error(`move refused: ${answer.error.code} ${answer.error.message}`);
    }
    if (answer.type === 'ack') moves++;
  }
}

/** One seat's (or a spectator's) idea of a table, kept up to date from its frames. */
export class Follower {
  version = 0;
  frame: UpdateFrame | null = null;
  private ids = 0;

  constructor(
    readonly client: TestClient,
    readonly table: string,
    /** Move ids are `<prefix><n>`: a new follower of the same seat needs another prefix. */
    private readonly prefix = 'f',
  ) {}

  /** Waits for the next sync or update of the table and takes it in. */
  async take(): Promise<ServerMessageOf<'sync'> | ServerMessageOf<'update'>> {
    const message = await this.client.nextOf(['sync', 'update'], (m) => m.table === this.table);
    this.version = message.version;
    this.frame = frameOf(message) ?? this.frame;
    return message;
  }

  get deciding(): boolean {
    return (this.frame?.legal.length ?? 0) > 0;
  }

  /** Sends a move (the first legal one unless given) and returns its answer. */
  async move(
    move: Move = at(this.frame?.legal ?? [], 0, 'legal move'),
    id = `${this.prefix}${this.ids++}`,
    seen = this.version,
  ) {
    return answerOf(this.client, { type: 'move', table: this.table, id, seen, move });
  }

  async undo(id = `u${this.ids++}`, seen = this.version) {
    return answerOf(this.client, { type: 'undo', table: this.table, id, seen });
  }
}

/** A started 2-player table of two people, both watching; returns their followers. */
export async function twoPlayerGame(
  base: string,
  options: Record<string, unknown> = {},
  /** More of the table's settings (a clock…). */
  table: Record<string, unknown> = {},
) {
  const ann = await newPlayer(base, 'Ann');
  const ben = await newPlayer(base, 'Ben');
  const body = {
    public: false,
    options: { players: 2, ...options },
    seats: [{ kind: 'host' }, { kind: 'open' }],
    ...table,
  };
  const created = await api(base, ann.token).createTable({ body: body as CreateTable });
  const id = created.table.id;
  await api(base, ben.token).joinTable({ params: { id }, body: {} });
  const follow = async (player: NewPlayer) => {
    const client = await TestClient.connect(base, player.token);
    client.send({ type: 'watch', table: id });
    const follower = new Follower(client, id);
    await follower.take();
    return follower;
  };
  /** Seat 0 is Ann's, seat 1 Ben's. */
  const seats: [Follower, Follower] = [await follow(ann), await follow(ben)];
  await api(base, ann.token).startTable({ params: { id } });
  for (const seat of seats) await seat.take();
  return { table: id, ann, ben, seats };
}

/** Plays first legal moves until `stop` holds for the mover after its move; all seats follow. */
export async function playUntil(
  seats: Follower[],
  stop: (mover: Follower) => boolean,
  limit = 500,
) {
  for (let i = 0; i < limit; i++) {
    const mover = seats.find((seat) => seat.deciding);
    if (!mover) throw new Error('nobody must decide');
    const answer = await mover.move();
    if (answer.type !== 'ack')
      throw new Error(`refused: ${answer.error.code} ${answer.error.message}`);
    for (const seat of seats) await seat.take();
    if (stop(mover)) return mover;
  }
  throw new Error(`not reached within ${limit} moves`);
}
