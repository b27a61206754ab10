/**
 * The protocol's HTTP calls (`/api/v1`, see packages/protocol/src/http.ts) for tests: every
 * answer is parsed with the protocol's schema, and a refusal becomes an `HttpRefusal` that
 * names the request, the status and the protocol error code.
 */
import type { GameRecord } from '@gangsta/engine';
import {
  type CreateTable,
  httpErrorSchema,
  type JoinTable,
  type Lobby,
  lobbySchema,
  type PlayerCreated,
  type ProtocolError,
  playerCreatedSchema,
  type TableAnswer,
  tableAnswerSchema,
} from '@gangsta/protocol';
import type { z } from 'zod';

export class HttpRefusal extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly error: ProtocolError | null,
    readonly body: unknown,
  ) {
    super(
      `${request} answered ${status}${error ? ` ${error.code}: ${error.message}` : `: ${JSON.stringify(body)}`}`,
    );
  }
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

/** An HTTP client of one server, acting as one player once `token` is set. */
export class ApiClient {
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** One request; resolves with the status and the parsed body whatever the status. */
  async raw(method: string, path: string, body?: unknown): Promise<RawAnswer> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { status: response.status, body: parsed };
  }

  /** A request that must succeed; its body is checked against `schema`. */
  async call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const answer = await this.raw(method, path, body);
    const request = `${method} ${path}`;
    if (answer.status >= 400) {
      const error = httpErrorSchema.safeParse(answer.body);
      throw new HttpRefusal(
        request,
        answer.status,
        error.success ? error.data.error : null,
        answer.body,
      );
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new Error(
        `${request}: the answer does not match the protocol: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }

  /** Registers a player and keeps its token. */
  async register(name: string): Promise<PlayerCreated> {
    const created = await this.call('POST', '/players', playerCreatedSchema, { name });
    this.token = created.token;
    return created;
  }

  createTable(body: CreateTable): Promise<TableAnswer> {
    return this.call('POST', '/tables', tableAnswerSchema, body);
  }

  joinTable(tableId: string, body: JoinTable = {}): Promise<TableAnswer> {
    return this.call('POST', `/tables/${tableId}/join`, tableAnswerSchema, body);
  }

  startTable(tableId: string): Promise<TableAnswer> {
    return this.call('POST', `/tables/${tableId}/start`, tableAnswerSchema, {});
  }

  getTable(tableId: string): Promise<TableAnswer> {
    return this.call('GET', `/tables/${tableId}`, tableAnswerSchema);
  }

  lobby(): Promise<Lobby> {
    return this.call('GET', '/tables', lobbySchema);
  }

  /** The finished game's record (the engine checks its shape when it replays it). */
  async record(tableId: string): Promise<GameRecord> {
    const answer = await this.raw('GET', `/tables/${tableId}/record`);
    if (answer.status >= 400) {
      const error = httpErrorSchema.safeParse(answer.body);
      throw new HttpRefusal(
        `GET /tables/${tableId}/record`,
        answer.status,
        error.success ? error.data.error : null,
        answer.body,
      );
    }
    return answer.body as GameRecord;
  }
}
