/**
 * A client process of the load benchmark (forked by scripts/load.ts): plays its share of the
 * games and reports its measurements. Several processes keep the client side from being the
 * bottleneck; each reports its own CPU time and event-loop delay so that can be checked.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { at } from '../../test/support/lists.ts';
import { type GameContext, LoadGame, Metrics } from './game.ts';
import { closeAgents } from './http.ts';
import type { FromWorker, ToWorker } from './messages.ts';

/** Table setups in flight at once per process. */
const SETUP_CONCURRENCY = 24;

const VARIANTS: Record<string, boolean>[] = [
  {},
  { families: true },
  { resources: true },
  { families: true, resources: true, expertResources: true },
  { catchUpCash: true, minimumPassIncome: true, privateHeistInfluence: true },
];

const games = new Set<LoadGame>();
const metrics = new Metrics();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let windowStart = { at: 0, cpu: process.cpuUsage() };
let closing = false;
/** While new tables are set up, the games in progress pause: the set-up does not wait behind them. */
let growing = false;
let moveIds = 0;
let addresses = 0;
let gameIndex = 0;
let ctx: GameContext | null = null;

function send(message: FromWorker): void {
  process.send?.(message);
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function contextFor(command: Extract<ToWorker, { type: 'grow' }>): GameContext {
  return {
    servers: command.servers,
    paced: command.paced,
    metrics,
    nextId: () => `w${command.worker}-${moveIds++}`,
    // 127.0.0.2–127.0.0.254, interleaved between processes.
    nextAddress: () => `127.0.0.${2 + ((addresses++ * command.workers + command.worker) % 253)}`,
    random: seededRandom(command.seed * 7919 + command.worker),
    onOver: (game) => {
      games.delete(game);
      game.close();
      // Keep the number of games constant: a finished game is replaced by a new one.
      if (!closing) {
        void launch().catch((error: Error) =>
          metrics.refused(`setup: ${error.message.slice(0, 60)}`),
        );
      }
    },
    stopped: () => closing || growing,
  };
}

async function launch(): Promise<void> {
  if (!ctx) throw new Error('no benchmark running');
  const index = gameIndex++;
  const game = new LoadGame(
    ctx,
    2 + (index % 3),
    at(VARIANTS, index % VARIANTS.length, 'variant'),
    index,
  );
  games.add(game);
  await game.setUp();
}

async function grow(command: Extract<ToWorker, { type: 'grow' }>): Promise<void> {
  closing = false;
  growing = true;
  if (!ctx || ctx.paced !== command.paced) ctx = contextFor(command);
  const failures: string[] = [];
  const began = performance.now();
  let missing = command.games - games.size;
  const runner = async () => {
    while (missing > 0) {
      missing--;
      await launch().catch((error: Error) => failures.push(error.message));
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, runner));
  growing = false;
  for (const game of games) game.resume();
  send({ type: 'ready', setupMs: performance.now() - began, failures: failures.slice(0, 5) });
}

function measure(): void {
  metrics.reset();
  metrics.measuring = true;
  loopDelay.reset();
  loopDelay.enable();
  windowStart = { at: performance.now(), cpu: process.cpuUsage() };
}

function report(): void {
  metrics.measuring = false;
  loopDelay.disable();
  const now = performance.now();
  const cpu = process.cpuUsage(windowStart.cpu);
  let unanswered = 0;
  for (const game of games) unanswered += game.unanswered(5000, now);
  send({
    type: 'result',
    result: {
      latencies: metrics.latencies,
      acks: metrics.acks,
      stale: metrics.stale,
      patchFailures: metrics.patchFailures,
      refusals: metrics.refusals,
      unanswered,
      gamesFinished: metrics.gamesFinished,
      framesReceived: metrics.framesReceived,
      bytesReceived: metrics.bytesReceived,
      updateBytesPerMove: metrics.updateBytesPerMove,
      movesHeard: metrics.movesHeard,
      cpuMs: (cpu.user + cpu.system) / 1000,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      windowMs: now - windowStart.at,
    },
  });
}

function close(): void {
  closing = true;
  for (const game of games) game.close();
  games.clear();
  ctx = null;
  closeAgents();
  send({ type: 'closed' });
}

process.on('message', (command: ToWorker) => {
  switch (command.type) {
    case 'grow':
      void grow(command);
      return;
    case 'measure':
      return measure();
    case 'report':
      return report();
    case 'close':
      return close();
    case 'exit':
      process.exit(0);
  }
});
