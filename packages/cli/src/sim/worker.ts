/** A simulation worker: plays the batches of games it is sent and reports each summary. */
import { parentPort } from 'node:worker_threads';
import { type GameJob, playSimulatedGame } from './game.ts';

export type WorkerRequest = { jobs: GameJob[] };
export type WorkerReply =
  | { type: 'game'; summary: ReturnType<typeof playSimulatedGame> }
  | { type: 'batchDone' }
  | { type: 'error'; index: number; message: string };

const port = parentPort;
if (!port) throw new Error('worker.ts runs inside a worker thread');

port.on('message', ({ jobs }: WorkerRequest) => {
  for (const job of jobs) {
    try {
      port.postMessage({ type: 'game', summary: playSimulatedGame(job) } satisfies WorkerReply);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ type: 'error', index: job.index, message } satisfies WorkerReply);
      return;
    }
  }
  port.postMessage({ type: 'batchDone' } satisfies WorkerReply);
});
