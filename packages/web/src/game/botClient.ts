/**
 * The page's side of the bot worker: `ask` returns a promise of the bot's answer. Where no
 * Worker exists (unit tests under jsdom), the same code runs on the page through a lazy import.
 */
import type { GameView, Move } from '@gangsta/engine';
import type { BotAnswer, BotRequest, BotResponse } from './botProtocol.ts';
import type { BotSeatKind } from './seats.ts';

export interface BotClient {
  ask(kind: BotSeatKind, seed: number, view: GameView, legal: Move[]): Promise<BotAnswer>;
  dispose(): void;
}

type Pending = { resolve: (answer: BotAnswer) => void; reject: (error: Error) => void };

export function createWorkerBotClient(): BotClient {
  if (typeof Worker === 'undefined') return createInlineBotClient();
  const worker = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  worker.onmessage = (message: MessageEvent<BotResponse>) => {
    const response = message.data;
    const waiting = pending.get(response.id);
    if (!waiting) return;
    pending.delete(response.id);
    if (response.ok) waiting.resolve(response.answer);
    else waiting.reject(new Error(response.message));
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message));
    pending.clear();
  };
  return {
    ask(kind, seed, view, legal) {
      const id = nextId++;
      const request: BotRequest = { id, kind, seed, view, legal };
      return new Promise<BotAnswer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request);
      });
    },
    dispose() {
      worker.terminate();
      pending.clear();
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
    dispose() {},
  };
}
