/**
 * The typed channel between the page and a web worker (src/bots/workerChannel.ts), over a fake
 * worker whose two ends pass structured clones to each other asynchronously, as a Worker does.
 */
import { describe, expect, it, vi } from 'vitest';
import { channelBotClient } from '../src/bots/botClient.ts';
import type { BotMessages } from '../src/bots/botProtocol.ts';
import {
  type Channel,
  type Exchange,
  type Handlers,
  serveChannel,
  type WorkerLike,
  workerChannel,
} from '../src/bots/workerChannel.ts';

type TestMessages = {
  echo: Exchange<{ text: string }, string>;
  slow: Exchange<{ ms: number }, number>;
  fail: Exchange<{ why: string }, never>;
  count: Exchange<{ to: number }, number, number>;
};

/** One end of a fake worker's connection; the other end is `peer`. */
class End extends EventTarget {
  peer: End | null = null;
  open = true;
  postMessage(data: unknown): void {
    const peer = this.peer;
    const copy = structuredClone(data);
    setTimeout(() => {
      if (this.open && peer?.open) peer.dispatchEvent(new MessageEvent('message', { data: copy }));
    });
  }
}

class FakeWorker extends End implements WorkerLike {
  readonly scope = new End();
  constructor() {
    super();
    this.peer = this.scope;
    this.scope.peer = this;
  }
  terminate(): void {
    this.open = false;
    this.scope.open = false;
  }
  /** An uncaught error in the worker, as the browser reports it on the Worker. */
  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seenCancelled: boolean[] = [];

const handlers: Handlers<TestMessages> = {
  echo: ({ text }) => `echo: ${text}`,
  slow: async ({ ms }) => {
    await pause(ms);
    return ms;
  },
  fail: ({ why }) => {
    throw new Error(why);
  },
  count: async ({ to }, call) => {
    for (let i = 1; i <= to; i++) {
      await pause(5);
      if (call.cancelled()) {
        seenCancelled.push(true);
        return -1;
      }
      call.progress(i);
    }
    return to;
  },
};

function opened(): { channel: Channel<TestMessages>; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const channel = workerChannel<TestMessages>(() => {
    const worker = new FakeWorker();
    serveChannel<TestMessages>(worker.scope, handlers);
    workers.push(worker);
    return worker;
  });
  return { channel, workers };
}

describe('a worker channel', () => {
  it('matches each answer to its call, whatever order they come back in', async () => {
    const { channel } = opened();
    const order: string[] = [];
    const slow = channel.call('slow', { ms: 30 }).then((ms) => order.push(`slow ${ms}`));
    const echo = channel.call('echo', { text: 'hi' }).then((text) => order.push(text));
    await Promise.all([slow, echo]);
    expect(order).toEqual(['echo: hi', 'slow 30']);
  });

  it('fails a call with the error its handler threw in the worker', async () => {
    const { channel } = opened();
    await expect(channel.call('fail', { why: 'no legal move' })).rejects.toThrow('no legal move');
    await expect(channel.call('echo', { text: 'still here' })).resolves.toBe('echo: still here');
  });

  it('passes progress along, and a cancelled call fails at once and stops its handler', async () => {
    const { channel } = opened();
    seenCancelled.length = 0;
    const cancelling = new AbortController();
    const progress: number[] = [];
    const counting = channel.call(
      'count',
      { to: 100 },
      {
        signal: cancelling.signal,
        onProgress: (n) => {
          progress.push(n);
          if (n === 2) cancelling.abort();
        },
      },
    );
    await expect(counting).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress).toEqual([1, 2]);
    await vi.waitFor(() => expect(seenCancelled).toEqual([true]));
  });

  it('fails every pending call when the worker fails, and starts a new one for the next', async () => {
    const { channel, workers } = opened();
    const first = channel.call('slow', { ms: 50 });
    const second = channel.call('echo', { text: 'queued' });
    workers[0]!.crash('out of memory');
    await expect(first).rejects.toThrow('the worker failed (out of memory)');
    await expect(second).rejects.toThrow('the worker failed (out of memory)');
    await expect(channel.call('echo', { text: 'again' })).resolves.toBe('echo: again');
    expect(workers).toHaveLength(2);
    expect(workers[0]!.open).toBe(false);
  });

  it('fails pending and later calls once closed, and ends the worker', async () => {
    const { channel, workers } = opened();
    const pending = channel.call('slow', { ms: 50 });
    channel.close();
    await expect(pending).rejects.toThrow('the channel is closed');
    await expect(channel.call('echo', { text: 'late' })).rejects.toThrow('the channel is closed');
    expect(workers[0]!.open).toBe(false);
  });
});

describe('the bot client over a channel', () => {
  it('gives a cancelled review as null at once', async () => {
    const call = vi.fn(
      (_kind: string, _request: unknown, options?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
        ),
    );
    const client = channelBotClient({ call, close() {} } as unknown as Channel<BotMessages>);
    const job = client.review!({ record: {} as never, seat: 0 });
    job.cancel();
    await expect(job.result).resolves.toBeNull();
    expect(call).toHaveBeenCalledWith(
      'review',
      { record: {}, seat: 0, iterations: undefined },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });
});
