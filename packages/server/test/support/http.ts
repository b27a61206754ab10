/**
 * The protocol's HTTP calls (`/api/v1`) for tests, through the project's one HTTP client
 * (`@gangsta/client`'s `createHttpClient`, built on the protocol's route table): answers are
 * parsed with the route's schema, and a refusal becomes an `HttpRefusal` that names the
 * request, the status and the protocol error code. `raw` sends a request as given, for the
 * tests of what the server refuses.
 */
import { createHttpClient, type Http, RequestError } from '@gangsta/client';
import type { GameRecord } from '@gangsta/engine';
import type {
  CreateTable,
  JoinTable,
  Lobby,
  PlayerCreated,
  ProtocolError,
  TableAnswer,
} from '@gangsta/protocol';

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
  /** The one HTTP client, sending this player's token; a test's own timeouts bound its calls. */
  readonly http: Http;

  constructor(readonly baseUrl: string) {
    this.http = createHttpClient({ baseUrl, token: () => this.token, timeoutMs: 0 });
  }

  /** One request as given; resolves with the status and the parsed body whatever the status. */
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

  /** Registers a player and keeps its token. */
  async register(name: string): Promise<PlayerCreated> {
    const created = await refusedAs('POST /players', this.http.createPlayer({ body: { name } }));
    this.token = created.token;
    return created;
  }

  createTable(body: CreateTable): Promise<TableAnswer> {
    return refusedAs('POST /tables', this.http.createTable({ body }));
  }

  joinTable(tableId: string, body: JoinTable = {}): Promise<TableAnswer> {
    return refusedAs(
      `POST /tables/${tableId}/join`,
      this.http.joinTable({ params: { id: tableId }, body }),
    );
  }

  startTable(tableId: string): Promise<TableAnswer> {
    return refusedAs(
      `POST /tables/${tableId}/start`,
      this.http.startTable({ params: { id: tableId } }),
    );
  }

  getTable(tableId: string): Promise<TableAnswer> {
    return refusedAs(`GET /tables/${tableId}`, this.http.getTable({ params: { id: tableId } }));
  }

  lobby(): Promise<Lobby> {
    return refusedAs('GET /tables', this.http.lobby({}));
  }

  /** The finished game's record (the engine checks its shape when it replays it). */
  async record(tableId: string): Promise<GameRecord> {
    const record = await refusedAs(
      `GET /tables/${tableId}/record`,
      this.http.gameRecord({ params: { id: tableId } }),
    );
    // The route's schema checks the record's frame; its options are the engine's to check.
    return record as GameRecord;
  }
}

/** The client's refusal as the tests name it: the request, the status and the error code. */
async function refusedAs<T>(request: string, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    const refusal: ProtocolError = {
      code: error.code as ProtocolError['code'],
      message: error.message,
      params: error.params,
    };
    throw new HttpRefusal(request, error.status ?? 0, refusal, null);
  }
}
