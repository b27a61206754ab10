/**
 * The one HTTP client of the API: every call names a route of the protocol's route table
 * (`ROUTES` of @gangsta/protocol), so its path, method, body, query and answer types are the
 * table's, and its answer is parsed with the table's schema before it is returned.
 *
 *   const http = createHttpClient({ baseUrl: 'http://127.0.0.1:5173', token: () => token });
 *   const { table } = await http.createTable({ body: setup });
 *   const lobby = await http.request(ROUTES.lobby, { query: { list: 'waiting' } });
 *
 * A refusal throws a `RequestError` with the server's `code`, `message` and `params`; the
 * client adds three codes of its own: NETWORK (no answer), TIMEOUT (no answer in `timeoutMs`)
 * and BAD_ANSWER (an answer the protocol does not allow). Like the socket client it names no
 * DOM or Node type: the host's `fetch` is used unless one is given.
 */
import {
  httpErrorSchema,
  type JsonRouteName,
  type ProtocolError,
  type ProtocolErrorCode,
  ROUTES,
  type Route,
  type RouteAnswer,
  type RouteInput,
  type Routes,
  routePath,
} from '@gangsta/protocol';

/** The part of a fetch answer the client reads (the browser's, Node's and undici's fit). */
export interface ResponseLike {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null; getSetCookie?(): string[] };
  text(): Promise<string>;
}

export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: unknown;
}

export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

export interface HttpClientOptions {
  /** The server's address (`http://127.0.0.1:5173`); empty: the page's own origin. */
  baseUrl?: string;
  /** The player's token, sent as `Authorization: Bearer …`; read again for every request. */
  token?: () => string | null | undefined;
  /** More headers for every request (a Node program's session `cookie`). */
  headers?: () => Record<string, string>;
  fetch?: FetchLike;
  /** Milliseconds before a request is given up with TIMEOUT; 0: never (default 15 s). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** What a failed request says: the server's refusal, or NETWORK, TIMEOUT, BAD_ANSWER. */
export type RequestErrorCode = ProtocolErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_ANSWER';

export class RequestError extends Error {
  readonly code: RequestErrorCode;
  readonly params: ProtocolError['params'];
  /** The HTTP status of the answer; null when none came. */
  readonly status: number | null;
  /** The route called (its name in the table). */
  readonly route: string;

  constructor(
    route: string,
    code: RequestErrorCode,
    message: string,
    params: ProtocolError['params'] = {},
    status: number | null = null,
  ) {
    super(message);
    this.name = 'RequestError';
    this.route = route;
    this.code = code;
    this.params = params;
    this.status = status;
  }
}

/** The arguments of a call: none when the route needs none. */
export type RouteArgs<R extends Route> =
  Record<never, never> extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export interface HttpAnswer<R extends Route> {
  value: RouteAnswer<R>;
  status: number;
  headers: ResponseLike['headers'];
}

type JsonRoute = Route & { kind: 'json' };

/** One method per JSON route of the table: `http.joinTable({ params: { id }, body })`. */
export type RouteMethods = {
  [K in JsonRouteName]: (...args: RouteArgs<Routes[K]>) => Promise<RouteAnswer<Routes[K]>>;
};

interface HostGlobals {
  fetch?: FetchLike;
  AbortController?: new () => { signal: unknown; abort(): void };
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const host = globalThis as unknown as HostGlobals;

type Input = { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> };

export class HttpClient {
  constructor(readonly options: HttpClientOptions = {}) {}

  /** The address of a call: the base URL, the path with its parameters, the query. */
  url<R extends Route>(route: R, ...[input]: RouteArgs<R>): string {
    const { params, query } = (input ?? {}) as Input;
    const search = Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
      .join('&');
    const base = (this.options.baseUrl ?? '').replace(/\/+$/, '');
    return `${base}${routePath(route.path, params)}${search ? `?${search}` : ''}`;
  }

  /** Calls a route; answers its parsed answer. */
  async request<R extends JsonRoute>(route: R, ...args: RouteArgs<R>): Promise<RouteAnswer<R>> {
    return (await this.send(route, ...args)).value;
  }

  /** Calls a route; answers its parsed answer with the status and headers (a Set-Cookie). */
  async send<R extends JsonRoute>(route: R, ...args: RouteArgs<R>): Promise<HttpAnswer<R>> {
    const [input] = args;
    const { body } = (input ?? {}) as Input;
    const url = this.url(route, ...args);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers?.(),
    };
    const token = this.options.token?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const init: RequestInitLike = { method: route.method, headers };
    // A route without a body is sent none (an empty JSON body is refused by the server).
    if (route.body && (body !== undefined || route.bodyRequired !== false)) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    const response = await this.fetchWithin(route, url, init);
    const text = await response.text().catch(() => '');
    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch {
      data = undefined;
    }
    const where = `${route.method} ${url}`;
    if (!response.ok) {
      const refusal = httpErrorSchema.safeParse(data);
      if (refusal.success) {
        const { code, message, params } = refusal.data.error;
        throw new RequestError(route.name, code, message, params, response.status);
      }
      throw new RequestError(
        route.name,
        'BAD_ANSWER',
        `${where}: HTTP ${response.status}`,
        {
          status: response.status,
        },
        response.status,
      );
    }
    const parsed = route.answer ? route.answer.safeParse(data) : { success: true as const, data };
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RequestError(
        route.name,
        'BAD_ANSWER',
        `${where}: unexpected answer (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
        {},
        response.status,
      );
    }
    return {
      value: parsed.data as RouteAnswer<R>,
      status: response.status,
      headers: response.headers,
    };
  }

  private async fetchWithin(
    route: Route,
    url: string,
    init: RequestInitLike,
  ): Promise<ResponseLike> {
    const fetch = this.options.fetch ?? host.fetch;
    if (!fetch) throw new Error('no fetch here: pass one in the options');
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = timeoutMs > 0 && host.AbortController ? new host.AbortController() : null;
    if (controller) init.signal = controller.signal;
    let timer: unknown;
    const timeout = new Promise<never>((_resolve, reject) => {
      if (timeoutMs <= 0) return;
      timer = host.setTimeout(() => {
        controller?.abort();
        reject(
          new RequestError(
            route.name,
            'TIMEOUT',
            `${init.method} ${url}: no answer in ${timeoutMs} ms`,
            {
              timeoutMs,
            },
          ),
        );
      }, timeoutMs);
    });
    try {
      return await Promise.race([
        fetch(url, init).catch((error: unknown) => {
          const cause = (error as { cause?: { code?: unknown } }).cause?.code;
          const detail = error instanceof Error ? error.message : String(error);
          throw new RequestError(
            route.name,
            'NETWORK',
            `${init.method} ${url}: ${detail}${typeof cause === 'string' ? ` (${cause})` : ''}`,
            typeof cause === 'string' ? { cause } : {},
          );
        }),
        timeout,
      ]);
    } finally {
      if (timer !== undefined) host.clearTimeout(timer);
    }
  }
}

/** The client with one method per JSON route of the table. */
export type Http = HttpClient & RouteMethods;

export function createHttpClient(options: HttpClientOptions = {}): Http {
  const client = new HttpClient(options);
  const methods: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const [name, route] of Object.entries(ROUTES)) {
    if (route.kind !== 'json') continue;
    methods[name] = (input?: unknown) =>
      client.request(route as JsonRoute, input as RouteInput<JsonRoute>);
  }
  return Object.assign(client, methods as RouteMethods);
}
