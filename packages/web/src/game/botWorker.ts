/// <reference lib="webworker" />
/**
 * The bot worker: bots think here so the page never freezes, however long a hard bot
 * searches. One request at a time; the answer carries the request id.
 */

import { decide } from './botDecide.ts';
import type { BotRequest, BotResponse } from './botProtocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (message: MessageEvent<BotRequest>) => {
  const { id, kind, seed, view, legal } = message.data;
  let response: BotResponse;
  try {
    response = { id, ok: true, answer: decide(kind, seed, view, legal) };
  } catch (error) {
    response = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
