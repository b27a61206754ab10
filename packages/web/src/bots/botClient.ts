/**
 * The page's side of the bot worker: `ask` returns a promise of the bot's answer; `review`
 * starts a game review there, reports its progress and can be cancelled. Where no Worker exists
 * (unit tests under jsdom), the same code runs on the page through a lazy import.
 */
import type { GameReview } from '@gangsta/bots';
import type { GameRecord, GameView, Move, Seat } from '@gangsta/engine';
import type { BotSeatKind } from '../game/seats.ts';
import type { BotAnswer, WorkerRequest, WorkerResponse } from './botProtocol.ts';

export interface ReviewOrder {
  record: GameRecord;
  seat: Seat;
  /** Simulations per decision (the bots' default when left out). */
  iterations?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ReviewJob {
  /** The review, or null once cancelled. */
  result: Promise<GameReview | null>;
  cancel(): void;
}

export interface BotClient {
  ask(kind: BotSeatKind, seed: number, view: GameView, legal: Move[]): Promise<BotAnswer>;
  /** A game review (the worker's and the inline client; test doubles may leave it out). */
  review?(order: ReviewOrder): ReviewJob;
  dispose(): void;
}

type Pending = { resolve: (answer: BotAnswer) => void; reject: (error: Error) => void };

interface Reviewing {
  order: ReviewOrder;
  resolve: (review: GameReview | null) => void;
  reject: (error: Error) => void;
}

export function createWorkerBotClient(): BotClient {
  if (typeof Worker === 'undefined') return createInlineBotClient();
  const worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  const reviews = new Map<number, Reviewing>();
  let nextId = 1;
  const send = (request: WorkerRequest) => worker.postMessage(request);
  worker.onmessage = (message: MessageEvent<WorkerResponse>) => {
    const response = message.data;
    if ('type' in response) {
      const job = reviews.get(response.id);
      if (!job) return;
      if (response.type === 'progress') {
        job.order.onProgress?.(response.done, response.total);
        return;
      }
      reviews.delete(response.id);
      if (response.type === 'review') job.resolve(response.review);
      else if (response.type === 'cancelled') job.resolve(null);
      else job.reject(new Error(response.message));
      return;
    }
    const waiting = pending.get(response.id);
    if (!waiting) return;
    pending.delete(response.id);
    if (response.ok) waiting.resolve(response.answer);
    else waiting.reject(new Error(response.message));
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message));
    for (const job of reviews.values()) job.reject(new Error(event.message));
    pending.clear();
    reviews.clear();
  };
  return {
    ask(kind, seed, view, legal) {
      const id = nextId++;
      return new Promise<BotAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send({ id, kind, seed, view, legal });
      });
    },
    review(order) {
      const id = nextId++;
      const result = new Promise<GameReview | null>((resolve, reject) => {
        reviews.set(id, { order, resolve, reject });
        send({
          type: 'review',
          id,
          record: order.record,
          seat: order.seat,
          iterations: order.iterations,
        });
      });
      return {
        result,
        cancel() {
          const job = reviews.get(id);
          if (!job) return;
          // Answered at once; the worker stops before its next decision.
          reviews.delete(id);
          job.resolve(null);
          send({ type: 'cancel', id });
        },
      };
    },
    dispose() {
      worker.terminate();
      for (const job of reviews.values()) job.resolve(null);
      pending.clear();
      reviews.clear();
    },
  };
}

/** Bots on the page's own thread: for tests and for browsers without module workers. */
export function createInlineBotClient(): BotClient {
  return {
    async ask(kind, seed, view, legal) {
      const { decide } = await import('./botDecide.ts');
      return decide(kind, seed, view, legal);
    },
    review(order) {
      let stop = false;
      const result = import('./reviewRun.ts').then(({ runReview }) =>
        runReview({
          record: order.record,
          seat: order.seat,
          iterations: order.iterations,
          onProgress: (done, total) => order.onProgress?.(done, total),
          cancelled: () => stop,
        }),
      );
      return {
        result,
        cancel() {
          stop = true;
        },
      };
    },
    dispose() {},
  };
}
