/// <reference lib="webworker" />
/**
 * The bot worker: bots think here so the page never freezes, however long a hard bot
 * searches. Decisions are answered one at a time; a game review runs one decision at a time
 * (reviewRun.ts), so a bot decision or a cancel is heard in between.
 */
import { botHandlers } from './botHandlers.ts';
import type { BotMessages } from './botProtocol.ts';
import { serveChannel } from './workerChannel.ts';

serveChannel<BotMessages>(self as unknown as DedicatedWorkerGlobalScope, botHandlers);
