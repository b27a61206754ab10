/**
 * Plays one 2-player game through running server containers, restarts a container in the
 * middle, and checks that no acknowledged move was lost (scripts/test-container.sh runs it).
 *
 * Two guest players, each with its own `@gangsta/client` on its own server address (the
 * first and second of GANGSTA_URLS, the same one when only one is given), play against each
 * other with the heuristic bot's choices. After RESTART_AFTER acknowledged moves the driver
 * runs RESTART_COMMAND (e.g. `podman restart gangsta-a`) without stopping to play; the clients
 * reconnect by themselves and play on. At the end the game's record, read from the server,
 * must hold exactly the moves the players were acknowledged, and replay to the same result.
 *
 *   GANGSTA_URLS=http://127.0.0.1:8080 RESTART_AFTER=20 RESTART_COMMAND='podman restart x' \
 *     node_modules/.bin/tsx scripts/container/play-game.ts
 *
 * Prints one line of JSON with what happened; exits 1 with the reason when a check fails.
 */
import { exec } from 'node:child_process';
import { createBot } from '@gangsta/bots';
import {
  createHttpClient,
  GangstaClient,
  type Http,
  RequestError,
  type SocketLike,
} from '@gangsta/client';
import { type GameRecord, replay } from '@gangsta/engine';
import WebSocket from 'ws';

const urls = (process.env.GANGSTA_URLS ?? 'http://127.0.0.1:8080').split(',');
const restartAfter = Number(process.env.RESTART_AFTER ?? 20);
const restartCommand = process.env.RESTART_COMMAND ?? '';
/** The whole game, restart included, must end within this long. */
const GAME_TIMEOUT_MS = Number(process.env.GAME_TIMEOUT_MS ?? 180_000);

function fail(reason: string): never {
  console.error(`play-game: ${reason}`);
  process.exit(1);
}

/** The HTTP API of one address as one player (none: a guest not yet registered). */
function httpOf(base: string, token: string | null = null): Http {
  return createHttpClient({ baseUrl: base, token: () => token });
}

/** A call's answer; a refusal stops the run with the route and the server's words. */
async function answered<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof RequestError)
      fail(`${error.route}: ${error.status ?? 'no answer'} ${error.code}: ${error.message}`);
    throw error;
  }
}

/** The address a seat plays through: the addresses in turn (one, or one per process). */
function urlOf(seat: number): string {
  const url = urls[seat % urls.length];
  if (url === undefined) fail('no server address to play through');
  return url;
}
const suffix = Date.now().toString(36).slice(-5);
const host = await answered(httpOf(urlOf(0)).createPlayer({ body: { name: `Host ${suffix}` } }));
const guest = await answered(httpOf(urlOf(1)).createPlayer({ body: { name: `Guest ${suffix}` } }));
const { table } = await answered(
  httpOf(urlOf(0), host.token).createTable({
    body: {
      public: false,
      options: { players: 2 },
      seats: [{ kind: 'host' }, { kind: 'open' }],
    },
  }),
);
// Joined through the other address: in a cluster the second process sees the table too.
await answered(httpOf(urlOf(1), guest.token).joinTable({ params: { id: table.id }, body: {} }));

/** Ids of the moves the server acknowledged, over both players. */
const acknowledged = new Set<string>();
/** Moves refused for another reason than STALE: none is expected. */
const rejected: string[] = [];
let stale = 0;
let drops = 0;
let ackedAtRestart = -1;
/** Moves acknowledged when the restart command had finished (the container was back). */
let ackedWhenBack = -1;
let restart: Promise<void> | null = null;
let restartMs = 0;

function runRestart(): Promise<void> {
  ackedAtRestart = acknowledged.size;
  const started = performance.now();
  // Not execSync: the clients must keep answering while the server drains (its closing frame,
  // the WebSocket close handshake), or it waits for them until the container's stop timeout.
  return new Promise((resolve) => {
    exec(restartCommand, (error, _stdout, stderr) => {
      if (error) fail(`the restart command failed: ${error.message}${stderr}`);
      restartMs = Math.round(performance.now() - started);
      ackedWhenBack = acknowledged.size;
      resolve();
    });
  });
}

function player(seat: number, token: string, over: (result: unknown) => void): GangstaClient {
  const brain = createBot({ kind: 'heuristic', seed: 11 + seat });
  const client = new GangstaClient({
    url: `${urlOf(seat).replace(/^http/, 'ws')}/api/v1/ws`,
    token: () => token,
    socket: (url) => new WebSocket(url) as unknown as SocketLike,
  });
  client.on('answer', (answer) => {
    if (answer.type === 'ack') acknowledged.add(answer.id);
    // STALE: the other player moved first; the next frame brings a new decision. Not applied,
    // so not in the record: the count below still holds.
    else if (answer.error.code === 'STALE') stale++;
    else rejected.push(`${answer.id}: ${answer.error.code}: ${answer.error.message}`);
    if (restartCommand && restart === null && acknowledged.size >= restartAfter) {
      restart = runRestart();
    }
  });
  client.on('drop', () => drops++);
  client.watch(table.id, {
    receive(_message, { frame, version }) {
      if (frame?.over) return over(frame.view.result);
      // One move at a time: the next decision comes with the frame that answers this one.
      if (!frame || frame.legal.length === 0 || client.getSnapshot().queued > 0) return;
      client.sendMove(table.id, brain.decide(frame.view, frame.legal).move, version);
    },
  });
  client.connect();
  return client;
}

const started = performance.now();
let hostClient: GangstaClient | null = null;
let guestClient: GangstaClient | null = null;
const result = await new Promise<unknown>((resolve, reject) => {
  const timer = setTimeout(
    () =>
      reject(
        new Error(
          `no end of the game within ${GAME_TIMEOUT_MS} ms (${acknowledged.size} moves acknowledged)`,
        ),
      ),
    GAME_TIMEOUT_MS,
  );
  let ends = 0;
  const over = (value: unknown) => {
    ends++;
    // Both players must see the end (each through its own server).
    if (ends === 2) {
      clearTimeout(timer);
      resolve(value);
    }
  };
  let hostOver = false;
  let guestOver = false;
  hostClient = player(0, host.token, (value) => {
    if (!hostOver) {
      hostOver = true;
      over(value);
    }
  });
  guestClient = player(1, guest.token, (value) => {
    if (!guestOver) {
      guestOver = true;
      over(value);
    }
  });
  void answered(httpOf(urlOf(0), host.token).startTable({ params: { id: table.id } })).catch(
    reject,
  );
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
if (restart) await restart;
await (hostClient as GangstaClient | null)?.close();
await (guestClient as GangstaClient | null)?.close();

// The route's schema checks the record's frame; its options are the engine's to check (replay).
const record = (await answered(
  httpOf(urlOf(1), guest.token).gameRecord({ params: { id: table.id } }),
)) as GameRecord;
const replayed = replay(record);

const summary = {
  table: table.id,
  servers: urls,
  acknowledged: acknowledged.size,
  recorded: record.moves.length,
  stale,
  rejected: rejected.length,
  restartedAfter: ackedAtRestart,
  backAfter: ackedWhenBack,
  restartMs,
  drops,
  gameMs: Math.round(performance.now() - started),
};
console.log(JSON.stringify(summary));

if (restartCommand && ackedAtRestart < 0) fail('the game ended before the restart');
if (restartCommand && drops === 0) fail('no client lost its connection: nothing was restarted');
if (restartCommand && acknowledged.size <= ackedWhenBack)
  fail('no move was acknowledged after the restarted container was back');
if (rejected.length > 0) fail(`moves refused: ${rejected.slice(0, 3).join('; ')}`);
if (record.moves.length !== acknowledged.size)
  fail(
    `the record holds ${record.moves.length} moves, the players were acknowledged ${acknowledged.size}`,
  );
if (!replayed.ok) fail(`the record does not replay: move ${replayed.index}`);
if (JSON.stringify(replayed.state.result) !== JSON.stringify(result))
  fail('the record replays to another result than the players saw');
