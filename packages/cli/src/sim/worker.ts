/**
 * A worker thread: plays the batches it is sent — simulated games (summaries for the balance
 * reports) or games of a bots-package match — and reports each result as it is done.
 */
import { parentPort } from 'node:worker_threads';
import { type MatchOptions, playMatchGame } from '@gangsta/bots';
import { type GameJob, playSimulatedGame } from './game.ts';

export type WorkerRequest =
  | { kind: 'simulate'; items: GameJob[] }
  | { kind: 'match'; options: Omit<MatchOptions, 'onGame'>; items: number[] };

export type WorkerReply =
  | { type: 'item'; value: unknown }
  | { type: 'batchDone' }
  | { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('worker.ts runs inside a worker thread');

function runOne(request: WorkerRequest, index: number): unknown {
  return request.kind === 'simulate'
    ? playSimulatedGame(request.items[index])
    : playMatchGame(request.options, request.items[index]);
}

port.on('message', (request: WorkerRequest) => {
  for (let i = 0; i < request.items.length; i++) {
    try {
      port.postMessage({ type: 'item', value: runOne(request, i) } satisfies WorkerReply);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ type: 'error', message } satisfies WorkerReply);
      return;
    }
  }
  port.postMessage({ type: 'batchDone' } satisfies WorkerReply);
});
