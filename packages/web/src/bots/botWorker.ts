/// <reference lib="webworker" />
/**
 * The bot worker: bots think here so the page never freezes, however long a hard bot
 * searches. Decisions are answered one at a time, each carrying its request id. A game review
 * runs here too, one decision at a time, so a bot decision or a "cancel" is heard in between.
 */

import { decide } from './botDecide.ts';
import type { BotResponse, ReviewResponse, WorkerRequest } from './botProtocol.ts';
import { runReview } from './reviewRun.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const cancelled = new Set<number>();

function reply(response: BotResponse | ReviewResponse): void {
  scope.postMessage(response);
}

async function review(request: Extract<WorkerRequest, { type: 'review' }>): Promise<void> {
  const { id } = request;
  try {
    const result = await runReview({
      record: request.record,
      seat: request.seat,
      iterations: request.iterations,
      onProgress: (done, total) => reply({ id, type: 'progress', done, total }),
      cancelled: () => cancelled.has(id),
    });
    reply(result ? { id, type: 'review', review: result } : { id, type: 'cancelled' });
  } catch (error) {
    reply({ id, type: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    cancelled.delete(id);
  }
}

scope.onmessage = (message: MessageEvent<WorkerRequest>) => {
  const request = message.data;
  if (request.type === 'cancel') {
    cancelled.add(request.id);
    return;
  }
  if (request.type === 'review') {
    void review(request);
    return;
  }
  const { id, kind, seed, view, legal } = request;
  let response: BotResponse;
  try {
    response = { id, ok: true, answer: decide(kind, seed, view, legal) };
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  reply(response);
};
