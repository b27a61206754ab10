/**
 * The page's side of the bot worker: `ask` returns a promise of the bot's answer; `review`
 * starts a game review there, reports its progress and can be cancelled. Both are calls on one
 * typed channel (workerChannel.ts, messages in botProtocol.ts). Where no Worker exists (unit
 * tests under jsdom), the same handlers run on the page through a lazy import.
 */
import type { GameReview } from '@gangsta/bots';
import type { GameRecord, GameView, Move, Seat } from '@gangsta/engine';
import type { BotSeatKind } from '../game/seats.ts';
import type { BotAnswer, BotMessages } from './botProtocol.ts';
import { type Channel, pageChannel, workerChannel } from './workerChannel.ts';

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

/** A bot client over a channel to the bot handlers, wherever they run. */
export function channelBotClient(channel: Channel<BotMessages>): BotClient {
  return {
    ask: (kind, seed, view, legal) => channel.call('decide', { kind, seed, view, legal }),
    review(order) {
      const cancelling = new AbortController();
      const result = channel
        .call(
          'review',
          { record: order.record, seat: order.seat, iterations: order.iterations },
          {
            signal: cancelling.signal,
            onProgress: ({ done, total }) => order.onProgress?.(done, total),
          },
        )
        .catch((error: unknown) => {
          if (cancelling.signal.aborted) return null;
          throw error;
        });
      return { result, cancel: () => cancelling.abort() };
    },
    dispose: () => channel.close(),
  };
}

export function createWorkerBotClient(): BotClient {
  if (typeof Worker === 'undefined') return createInlineBotClient();
  return channelBotClient(
    workerChannel<BotMessages>(
      () => new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' }),
    ),
  );
}

/** Bots on the page's own thread: for tests and for browsers without module workers. */
export function createInlineBotClient(): BotClient {
  return channelBotClient(
    pageChannel<BotMessages>(() => import('./botHandlers.ts').then((m) => m.botHandlers)),
  );
}
