/**
 * The server's HTTP side (`/api/v1/...`, packages/protocol/src/http.ts) for `gangsta online`:
 * every answer is read through the protocol's schemas, and every refusal becomes a
 * RuntimeError carrying the server's error code and message (exit code 1).
 */

import type { CreateTable, JoinTable } from '@gangsta/protocol';
import {
  httpErrorSchema,
  type Lobby,
  lobbySchema,
  type MeAnswer,
  type MyGames,
  meAnswerSchema,
  myGamesSchema,
  type PlayerCreated,
  playerCreatedSchema,
  type TableAnswer,
  tableAnswerSchema,
} from '@gangsta/protocol';
import type { z } from 'zod';
import { RuntimeError } from '../errors.ts';

/** Who the requests speak for: a guest's bearer token, or a logged-in session's cookie. */
export interface Credentials {
  token?: string;
  cookie?: string;
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
  constructor(
    readonly baseUrl: string,
    public credentials: Credentials = {},
  ) {}

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

  async request<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<{ value: T; response: Response }> {
    const url = new URL(`/api/v1${path}`, this.baseUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...this.headers(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      // Say where the address came from and how to give another: the usual slip is a server
      // started on another port.
      throw new RuntimeError(
        `cannot reach the server at ${this.baseUrl}${cause ? ` (${cause})` : ''}. Start one with \`npm start\` (it listens on http://127.0.0.1:5173), or name yours: \`gangsta online --server URL …\` or GANGSTA_SERVER=URL`,
      );
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch {
      throw new RuntimeError(
        `${method} ${url.pathname}: the server answered ${response.status} with no JSON`,
      );
    }
    if (!response.ok) {
      const refusal = httpErrorSchema.safeParse(data);
      if (refusal.success) {
        throw new ServerRefusal(refusal.data.error.code, refusal.data.error.message);
      }
      throw new RuntimeError(`${method} ${url.pathname}: the server answered ${response.status}`);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RuntimeError(
        `${method} ${url.pathname}: unexpected answer (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'})`,
      );
    }
    return { value: parsed.data, response };
  }

  async createPlayer(name: string): Promise<PlayerCreated> {
    return (await this.request('POST', '/players', playerCreatedSchema, { name })).value;
  }

  async me(): Promise<MeAnswer> {
    return (await this.request('GET', '/me', meAnswerSchema)).value;
  }

  async rename(name: string): Promise<MeAnswer> {
    return (await this.request('PATCH', '/me', meAnswerSchema, { name })).value;
  }

  /** Logs in; answers who we are and the session cookie (`name=value`) to send from now on. */
  async login(username: string, password: string): Promise<{ me: MeAnswer; cookie: string }> {
    const { value, response } = await this.request('POST', '/login', meAnswerSchema, {
      username,
      password,
    });
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0].trim());
    if (cookies.length === 0) throw new RuntimeError('the login answer carries no session cookie');
    return { me: value, cookie: cookies.join('; ') };
  }

  async lobby(): Promise<Lobby> {
    return (await this.request('GET', '/tables', lobbySchema)).value;
  }

  async myGames(): Promise<MyGames> {
    return (await this.request('GET', '/me/games', myGamesSchema)).value;
  }

  async table(id: string): Promise<TableAnswer> {
    return (await this.request('GET', `/tables/${encodeURIComponent(id)}`, tableAnswerSchema))
      .value;
  }

  async createTable(body: CreateTable): Promise<TableAnswer> {
    return (await this.request('POST', '/tables', tableAnswerSchema, body)).value;
  }

  async join(id: string, body: JoinTable): Promise<TableAnswer> {
    const path = `/tables/${encodeURIComponent(id)}/join`;
    return (await this.request('POST', path, tableAnswerSchema, body)).value;
  }

  async start(id: string): Promise<TableAnswer> {
    const path = `/tables/${encodeURIComponent(id)}/start`;
    return (await this.request('POST', path, tableAnswerSchema)).value;
  }
}
