/**
 * What the bot worker answers, one handler per kind of call (botProtocol.ts). The worker serves
 * them (botWorker.ts); where no worker exists, the page runs them itself (botClient.ts).
 */
import { decide } from './botDecide.ts';
import type { BotMessages } from './botProtocol.ts';
import { runReview } from './reviewRun.ts';
import type { Handlers } from './workerChannel.ts';

export const botHandlers: Handlers<BotMessages> = {
  decide: ({ kind, seed, view, legal }) => decide(kind, seed, view, legal),
  review: ({ record, seat, iterations }, call) =>
    runReview({
      record,
      seat,
      iterations,
      onProgress: (done, total) => call.progress({ done, total }),
      cancelled: call.cancelled,
    }),
};
