/**
 * The server's HTTP side for `gangsta online`, through `@gangsta/client`'s HTTP client (the
 * protocol's route table): every answer is read through the table's schema, and every refusal
 * becomes a RuntimeError carrying the server's error code and message (exit code 1).
 */

import { createHttpClient, type Http, RequestError } from '@gangsta/client';
import {
  type CreatedTable,
  type CreateTable,
  type JoinTable,
  type Lobby,
  type MeAnswer,
  type MyGames,
  type PlayerAnswer,
  type PlayerCreated,
  ROUTES,
  type TableAnswer,
} from '@gangsta/protocol';
import { RuntimeError } from '../errors.ts';

/** Who the requests speak for: a guest's bearer token, or a logged-in session's cookie. */
export interface Credentials {
  token?: string | undefined;
  cookie?: string | undefined;
}

/** A refusal from the server: its code and message, as the command prints them. */
export class ServerRefusal extends RuntimeError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`the server refused: ${code}: ${message}`);
  }
}

export class Api {
  private readonly http: Http;

  constructor(
    readonly baseUrl: string,
    public credentials: Credentials = {},
  ) {
    this.http = createHttpClient({ baseUrl, headers: () => this.headers() });
  }

  /** The WebSocket address of this server. */
  get wsUrl(): string {
    const url = new URL('/api/v1/ws', this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.credentials.token) headers.authorization = `Bearer ${this.credentials.token}`;
    else if (this.credentials.cookie) headers.cookie = this.credentials.cookie;
    return headers;
  }

  /** Runs a call, turning its failure into what the command prints. */
  private async call<T>(request: (http: Http) => Promise<T>): Promise<T> {
    try {
      return await request(this.http);
    } catch (error) {
      throw this.failure(error);
    }
  }

  private failure(error: unknown): Error {
    if (!(error instanceof RequestError)) return error as Error;
    if (error.code === 'NETWORK' || error.code === 'TIMEOUT') {
      const cause = typeof error.params.cause === 'string' ? ` (${error.params.cause})` : '';
      // Say where the address came from and how to give another: the usual slip is a server
      // started on another port.
      return new RuntimeError(
        `cannot reach the server at ${this.baseUrl}${error.code === 'TIMEOUT' ? ' (no answer in time)' : cause}. Start one with \`npm start\` (it listens on http://127.0.0.1:5173), or name yours: \`gangsta online --server URL …\` or GANGSTA_SERVER=URL`,
      );
    }
    if (error.code === 'BAD_ANSWER') return new RuntimeError(error.message);
    return new ServerRefusal(error.code, error.message);
  }

  createPlayer(name: string): Promise<PlayerCreated> {
    return this.call((http) => http.createPlayer({ body: { name } }));
  }

  me(): Promise<MeAnswer> {
    return this.call((http) => http.getMe());
  }

  rename(name: string): Promise<PlayerAnswer> {
    return this.call((http) => http.renameMe({ body: { name } }));
  }

  /** Logs in; answers who we are and the session cookie (`name=value`) to send from now on. */
  async login(username: string, password: string): Promise<{ me: MeAnswer; cookie: string }> {
    const { value, headers } = await this.call((http) =>
      http.send(ROUTES.login, { body: { username, password } }),
    );
    const cookies = (headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]?.trim());
    if (cookies.length === 0) throw new RuntimeError('the login answer carries no session cookie');
    return { me: value, cookie: cookies.join('; ') };
  }

  lobby(): Promise<Lobby> {
    return this.call((http) => http.lobby());
  }

  myGames(): Promise<MyGames> {
    return this.call((http) => http.myGames());
  }

  table(id: string): Promise<TableAnswer> {
    return this.call((http) => http.getTable({ params: { id } }));
  }

  createTable(body: CreateTable): Promise<CreatedTable> {
    return this.call((http) => http.createTable({ body }));
  }

  join(id: string, body: JoinTable): Promise<TableAnswer> {
    return this.call((http) => http.joinTable({ params: { id }, body }));
  }

  start(id: string): Promise<TableAnswer> {
    return this.call((http) => http.startTable({ params: { id } }));
  }
}
