/**
 * `@gangsta/client`: the one typed client of the Gangsta! socket protocol (client.ts) and of its
 * HTTP API (http.ts, built on the protocol's route table), the version that
 * `@gangsta/protocol` names in PROTOCOL_VERSION. See client.ts for what it does, and the README
 * for an example.
 */
export {
  type ClientEvents,
  type ClientOptions,
  type ConnectionSnapshot,
  type ConnectionState,
  GangstaClient,
  type MoveAnswer,
  type QueuedMessage,
  type ReceivedFrame,
  type TableHandler,
  type TableMessage,
} from './client.ts';
export {
  askedRetryMs,
  BACKOFF_MAX_MS,
  BACKOFF_MIN_MS,
  backoffDelay,
  storeRetryDelay,
} from './delays.ts';
export {
  hostSocket,
  hostTimers,
  OPEN,
  type SocketFactory,
  type SocketLike,
  type Timers,
} from './environment.ts';
export {
  type ClientProblem,
  frameProblem,
  type ParseResult,
  parseFrame,
  type TableView,
} from './frames.ts';
export {
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type FetchLike,
  type Http,
  type HttpAnswer,
  HttpClient,
  type HttpClientOptions,
  RequestError,
  type RequestErrorCode,
  type RequestInitLike,
  type ResponseLike,
  type RouteArgs,
  type RouteMethods,
} from './http.ts';
