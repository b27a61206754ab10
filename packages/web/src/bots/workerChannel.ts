/**
 * A typed request/answer channel between the page and a web worker.
 *
 * A message map names each kind of call with its request, answer and (optional) progress types.
 * The page calls `channel.call(kind, request)` and gets a promise of the answer; the worker
 * serves a table of handlers, one per kind. The channel numbers the calls and matches each
 * answer to its call, carries a handler's error back as the call's rejection, passes progress
 * along, cancels through an AbortSignal, and fails every pending call when the worker fails
 * (then starts a new worker for the next call).
 */

/** One kind of call: what is asked, what is answered, and what progress is told meanwhile. */
export interface Exchange<Request, Answer, Progress = never> {
  request: Request;
  answer: Answer;
  progress: Progress;
}

// biome-ignore lint/suspicious/noExplicitAny: the bound of a map of any exchanges
export type MessageMap = Record<string, Exchange<any, any, any>>;

export type Kind<M extends MessageMap> = keyof M & string;

/** Page → worker. */
export type CallMessage<M extends MessageMap> =
  | { [K in Kind<M>]: { type: 'call'; id: number; kind: K; request: M[K]['request'] } }[Kind<M>]
  | { type: 'cancel'; id: number };

/** Worker → page. */
export type ReplyMessage =
  | { type: 'answer'; id: number; answer: unknown }
  | { type: 'progress'; id: number; progress: unknown }
  | { type: 'error'; id: number; message: string };

export interface CallOptions<Progress> {
  onProgress?: (progress: Progress) => void;
  /** Aborting rejects the call at once with the signal's reason and tells the handler. */
  signal?: AbortSignal;
}

export interface Channel<M extends MessageMap> {
  call<K extends Kind<M>>(
    kind: K,
    request: M[K]['request'],
    options?: CallOptions<M[K]['progress']>,
  ): Promise<M[K]['answer']>;
  /** Ends the worker; pending calls fail with "the channel is closed". */
  close(): void;
}

/** What a handler can do besides answering. */
export interface CallContext<Progress> {
  progress(progress: Progress): void;
  /** Whether the page cancelled the call (a long handler checks between steps). */
  cancelled(): boolean;
}

export type Handlers<M extends MessageMap> = {
  [K in Kind<M>]: (
    request: M[K]['request'],
    context: CallContext<M[K]['progress']>,
  ) => M[K]['answer'] | Promise<M[K]['answer']>;
};

/** What the page needs of a worker (a DOM `Worker` is one). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(
    type: 'message' | 'error' | 'messageerror',
    listener: (event: Event) => void,
  ): void;
  terminate(): void;
}

/** What the worker needs of its global scope (a `DedicatedWorkerGlobalScope` is one). */
export interface WorkerScopeLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: Event) => void): void;
}

interface Pending {
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
  /** Absent when the caller asked for no progress. */
  onProgress: ((progress: unknown) => void) | undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The page's side: `start` makes the worker, on the first call and after a failure. */
export function workerChannel<M extends MessageMap>(start: () => WorkerLike): Channel<M> {
  let worker: WorkerLike | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const failAll = (error: Error) => {
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) call.reject(error);
  };

  const running = (): WorkerLike => {
    if (worker) return worker;
    const started = start();
    const failed = (event: Event) => {
      if (worker !== started) return;
      worker = null;
      started.terminate();
      const message = (event as { message?: unknown }).message;
      const why = typeof message === 'string' && message !== '' ? message : event.type;
      failAll(new Error(`the worker failed (${why})`));
    };
    started.addEventListener('message', (event) => {
      const reply = (event as MessageEvent<ReplyMessage>).data;
      const call = pending.get(reply.id);
      if (!call) return;
      if (reply.type === 'progress') {
        call.onProgress?.(reply.progress);
        return;
      }
      pending.delete(reply.id);
      if (reply.type === 'answer') call.resolve(reply.answer);
      else call.reject(new Error(reply.message));
    });
    started.addEventListener('error', failed);
    started.addEventListener('messageerror', failed);
    worker = started;
    return started;
  };

  return {
    call(kind, request, options = {}) {
      if (closed) return Promise.reject(new Error('the channel is closed'));
      const { signal, onProgress } = options;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const target = running();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, {
          resolve,
          reject,
          onProgress: onProgress as ((progress: unknown) => void) | undefined,
        });
        signal?.addEventListener('abort', () => {
          if (!pending.delete(id)) return;
          reject(signal.reason);
          if (worker === target) target.postMessage({ type: 'cancel', id });
        });
        target.postMessage({ type: 'call', id, kind, request } as CallMessage<M>);
      });
    },
    close() {
      closed = true;
      worker?.terminate();
      worker = null;
      failAll(new Error('the channel is closed'));
    },
  };
}

/** The worker's side: answers each call with its kind's handler. */
export function serveChannel<M extends MessageMap>(
  scope: WorkerScopeLike,
  handlers: Handlers<M>,
): void {
  const cancelled = new Set<number>();
  const reply = (message: ReplyMessage) => scope.postMessage(message);
  scope.addEventListener('message', (event) => {
    const message = (event as MessageEvent<CallMessage<M>>).data;
    if (message.type === 'cancel') {
      cancelled.add(message.id);
      return;
    }
    const { id, kind, request } = message;
    const context: CallContext<unknown> = {
      progress: (progress) => reply({ type: 'progress', id, progress }),
      cancelled: () => cancelled.has(id),
    };
    void (async () => {
      try {
        const handler = handlers[kind];
        if (!handler) throw new Error(`no handler for ${kind}`);
        reply({ type: 'answer', id, answer: await handler(request, context) });
      } catch (error) {
        reply({ type: 'error', id, message: messageOf(error) });
      } finally {
        cancelled.delete(id);
      }
    })();
  });
}

/**
 * The same handlers on the page's own thread, loaded on first use (for tests under jsdom and
 * browsers without module workers): the page code does not change with where they run.
 */
export function pageChannel<M extends MessageMap>(load: () => Promise<Handlers<M>>): Channel<M> {
  let closed = false;
  return {
    async call(kind, request, options = {}) {
      if (closed) throw new Error('the channel is closed');
      const { signal, onProgress } = options;
      if (signal?.aborted) throw signal.reason;
      const context: CallContext<M[typeof kind]['progress']> = {
        progress: (progress) => onProgress?.(progress),
        cancelled: () => signal?.aborted === true,
      };
      const answered = load().then((handlers) => handlers[kind](request, context));
      if (!signal) return answered;
      // As from a worker, a cancelled call fails at once; the handler stops at its next check.
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
      return Promise.race([answered, aborted]);
    },
    close() {
      closed = true;
    },
  };
}
