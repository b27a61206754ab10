/**
 * The protocol's documents, generated from its zod schemas (zod's own `z.toJSONSchema`), never
 * written by hand:
 *
 * - the JSON Schema (draft 2020-12) of every client and server message and every HTTP body,
 *   one per id (`ClientMove`, `ServerUpdate`, `CreateTable`…), referring to each other by file
 *   name (`TableInfo.json`);
 * - an OpenAPI 3.1 document of the HTTP API, from the route table (`routes/`: `ROUTES`);
 * - an AsyncAPI 3.0 document of the WebSocket at `/api/v1/ws`.
 *
 * The server serves them under `/api/v1/`, `npm run docs:api` writes them to `docs/api/`, and
 * a test fails when the files there differ from what these functions build now. Pure functions,
 * no Node: the package runs in the browser too. Imported as `@gangsta/protocol/documents`, not
 * from the package's index, so that the web client does not carry it.
 *
 * The engine's own data in a frame (`GameFrame`, `GameView`, `GameEvent`, `LogLine`,
 * `MoveNews`, `CardSet`) is described field by field: the server's messages are converted from
 * `documentedServerMessageSchema` (socket.ts), made of the engine's zod schemas, while clients
 * parse with `serverMessageSchema`, whose `z.custom` checks take them as objects. What is still
 * a `z.custom` here (a record's options) becomes `{ "type": "object" }` with the title and
 * description its `.meta()` gives (a `z.custom` without one is an error here). Refinements
 * (`.refine`) are not represented; the schemas say what the shape is, the server's parse says
 * the rest.
 */
import { cardSetSchema, gameEventSchema, gameViewSchema } from '@gangsta/engine';
import { z } from 'zod';
import {
  accountSchema,
  botAccountAnswerSchema,
  createAccountSchema,
  loginSchema,
  meAnswerSchema,
  myGamesSchema,
  setWebhookSchema,
  webhookAnswerSchema,
  webhookTestAnswerSchema,
} from './accounts.ts';
import { protocolErrorSchema } from './errors.ts';
import {
  accountEventSchema,
  challengeAnswerSchema,
  challengesSchema,
  createChallengeSchema,
  declineAnswerSchema,
  emailSettingsSchema,
  friendAnswerSchema,
  friendsSchema,
  setEmailSchema,
  unfollowAnswerSchema,
} from './friends.ts';
import {
  createPlayerSchema,
  createTableSchema,
  httpErrorSchema,
  joinTableSchema,
  kickSchema,
  lobbySchema,
  playerCreatedSchema,
  playerSchema,
  tableAnswerSchema,
  tableDeletedSchema,
} from './http.ts';
import { PROTOCOL_MINOR, PROTOCOL_VERSION } from './limits.ts';
import { chatLineRemovedSchema, chatReportedSchema, moderationListsSchema } from './moderation.ts';
import { serverVersionSchema } from './operations.ts';
import { playerProfileSchema, tableRatingSchema } from './profiles.ts';
import { leaderboardSchema, playerRatingsSchema } from './ratings.ts';
import {
  API_DOCUMENT_PATHS,
  createdTableSchema,
  errorsOf,
  gameRecordSchema,
  okAnswerSchema,
  playerAnswerSchema,
  ROUTE_LIST,
  type Route,
} from './routes/index.ts';
import {
  chatLineSchema,
  clientMessageSchema,
  documentedServerMessageSchema,
  documentedUpdateFrameSchema,
  gameFrameSchema,
  logLineSchema,
  moveNewsSchema,
  moveSchema,
  updateViewSchema,
} from './socket.ts';
import { hostTableInfoSchema, seatInfoSchema, tableInfoSchema } from './tables.ts';

/** A JSON value as the documents hold it. */
export type JsonObject = { [key: string]: unknown };

export { API_DOCUMENT_PATHS };

/** The session cookie's name (accounts; the server sets it on login). */
export const SESSION_COOKIE_NAME = 'gangsta_session';

// --- the schemas and their ids ---------------------------------------------------------------

type Meta = { id: string; description?: string };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The `type` of each variant of a message union. */
function variants(union: { options: readonly z.ZodType[] }): [string, z.ZodType][] {
  return union.options.map((option) => {
    const shape = (option as unknown as z.ZodObject).shape;
    return [(shape.type as z.ZodLiteral<string>).value, option];
  });
}

/** What a message is for; every message of the unions has a line in the tables below. */
function purpose(messages: Record<string, string>, type: string): string {
  const description = messages[type];
  if (description === undefined)
    throw new Error(`documents: the ${type} message has no description`);
  return description;
}

/** What each message is for (the AsyncAPI summaries and the schemas' descriptions). */
const CLIENT_MESSAGES: Record<string, string> = {
  hello:
    'The first frame on a socket: the protocol version and the player token (without one, the session cookie of the upgrade request identifies the player, or nobody: a spectator).',
  watch:
    'Watch a table. With `seen` (the version the client holds) the answer is an `update` with the missed moves when possible; without it, a full `sync`.',
  unwatch: 'Stop watching a table.',
  move: 'A move at a table, with an id of the client and the version it was made against (`seen`). Resent with the same id until `ack` or `rejected`.',
  undo: 'Take back the last move (own move only), idempotent like a move.',
  chat: 'A chat line to the table (1–300 characters).',
  resume: "The seat's player takes the seat back from the bot that plays it.",
};

const SERVER_MESSAGES: Record<string, string> = {
  welcome: 'The answer to `hello`: the protocol version and the player, or null (a spectator).',
  table: "A table's seats, status and clock, to every watcher whenever they change.",
  sync: 'Everything the recipient needs to draw the table from scratch: the frame (with the card set), its visible log and the last chat lines.',
  update:
    'Moves since `from` (exclusive) and the position at `version`: a JSON Patch of the frame of `from` (with `digest` every 16 versions and at the end), or the whole `frame` when catching a reconnecting watcher up.',
  ack: 'The move or undo with this id is stored (sent after the `update` it caused).',
  rejected:
    'The move or undo with this id was not applied: STALE (a `sync` follows, unless `params.sync` is false), RATE_LIMITED or UNAVAILABLE (send it again with the same id after `params.retryMs`), or an engine refusal.',
  chat: 'A chat line (or a system notice) at a watched table.',
  chatRemoved:
    "The table's host removed a spectator's chat line (`seq`): drop it (it is gone after a reload too).",
  error:
    'A refusal not tied to a move: a bad frame, a rate limit, an unknown table, UNAVAILABLE for a hello or a watch… The connection stays open.',
  closing:
    'The server is shutting down: the socket closes next, and the client reconnects after about `retryMs`.',
};

/** Requests: converted as zod reads them (`io: input`: defaults may be left out). */
function requestEntries(): [z.ZodType, Meta][] {
  return [
    [
      clientMessageSchema,
      { id: 'ClientMessage', description: 'Any frame a client sends on /api/v1/ws.' },
    ],
    ...variants(clientMessageSchema).map(([type, schema]): [z.ZodType, Meta] => [
      schema,
      { id: `Client${capitalized(type)}`, description: purpose(CLIENT_MESSAGES, type) },
    ]),
    [moveSchema, { id: 'Move', description: "A move, in the engine's strict shape." }],
    [createPlayerSchema, { id: 'CreatePlayer', description: 'A display name (`{ name }`).' }],
    [createTableSchema, { id: 'CreateTable', description: 'A new table, set up by its host.' }],
    [joinTableSchema, { id: 'JoinTable', description: 'The seat wanted and an invitation code.' }],
    [kickSchema, { id: 'Kick', description: 'The seat to free (the host, before the start).' }],
    [createAccountSchema, { id: 'CreateAccount', description: 'A username and a password.' }],
    [loginSchema, { id: 'Login', description: 'A username and a password.' }],
    [setWebhookSchema, { id: 'SetWebhook', description: 'An address, or null to remove it.' }],
    [
      createChallengeSchema,
      { id: 'CreateChallenge', description: 'The challenged username and the game.' },
    ],
    [setEmailSchema, { id: 'SetEmail', description: 'A mail address (or null) and opt-ins.' }],
  ];
}

/**
 * The engine's data in the server's messages, each a schema of its own that the messages refer
 * to: the engine's zod schemas (packages/engine/src/viewSchema.ts, cards/schema.ts), so the
 * documents describe every field of a view, an event and the card set.
 */
const ENGINE_DATA: [z.ZodType, Meta][] = [
  [
    gameFrameSchema,
    {
      id: 'GameFrame',
      description:
        'The position as the recipient may see it: its seat (null: a spectator), the view for that seat, its legal moves when it must decide now, whether it may undo, who must decide, and whether the game is over.',
    },
  ],
  [
    documentedUpdateFrameSchema,
    {
      id: 'UpdateFrame',
      description:
        'A GameFrame whose view has no `cards`: the card set travels with the sync only.',
    },
  ],
  [
    gameViewSchema,
    {
      id: 'GameView',
      description:
        "The engine's `GameView`: everything public about the game plus what the viewer may see (R-INFO), with the card set.",
    },
  ],
  [updateViewSchema, { id: 'UpdateView', description: 'A GameView without `cards`.' }],
  [
    gameEventSchema,
    {
      id: 'GameEvent',
      description:
        'Something that happened, for logs and animation; `to` marks an event only that seat may see.',
    },
  ],
  [
    logLineSchema,
    {
      id: 'LogLine',
      description:
        'A log line: an event with the index of the move that caused it (-1: the setup) and, when a bot made that move, the seat it moved for.',
    },
  ],
  [
    moveNewsSchema,
    {
      id: 'MoveNews',
      description:
        'A move as the recipient learns of it (`move` is null when it is secret to the recipient), with the events the recipient may see.',
    },
  ],
  [
    cardSetSchema,
    {
      id: 'CardSet',
      description:
        "The cards a game is played with: Bosses, gangsters, heists, snitches and resource cards (the engine's `CardSet`).",
    },
  ],
];

/** Answers: converted as the server writes them (`io: output`). */
function answerEntries(): [z.ZodType, Meta][] {
  return [
    [
      documentedServerMessageSchema,
      { id: 'ServerMessage', description: 'Any frame the server sends on /api/v1/ws.' },
    ],
    ...variants(documentedServerMessageSchema).map(([type, schema]): [z.ZodType, Meta] => [
      schema,
      { id: `Server${capitalized(type)}`, description: purpose(SERVER_MESSAGES, type) },
    ]),
    [moveSchema, { id: 'Move', description: "A move, in the engine's strict shape." }],
    ...ENGINE_DATA,
    [playerSchema, { id: 'Player' }],
    [accountSchema, { id: 'Account' }],
    [seatInfoSchema, { id: 'SeatInfo', description: 'A seat as everyone at the table sees it.' }],
    [
      tableInfoSchema,
      { id: 'TableInfo', description: 'A table as anyone who can reach it sees it.' },
    ],
    [
      hostTableInfoSchema,
      { id: 'HostTableInfo', description: 'A table as its host sees it: with the invitations.' },
    ],
    [chatLineSchema, { id: 'ChatLine' }],
    [protocolErrorSchema, { id: 'ProtocolError', description: 'A refusal, by `code`.' }],
    [httpErrorSchema, { id: 'HttpError', description: 'Every HTTP refusal: `{ error }`.' }],
    [playerCreatedSchema, { id: 'PlayerCreated', description: 'The new player and its token.' }],
    [playerAnswerSchema, { id: 'PlayerAnswer' }],
    [meAnswerSchema, { id: 'MeAnswer' }],
    [
      botAccountAnswerSchema,
      { id: 'BotAccountAnswer', description: 'The bot account and its new token (shown once).' },
    ],
    [lobbySchema, { id: 'Lobby' }],
    [createdTableSchema, { id: 'CreatedTable' }],
    [tableAnswerSchema, { id: 'TableAnswer' }],
    [tableDeletedSchema, { id: 'TableDeleted' }],
    [gameRecordSchema, { id: 'GameRecord', description: 'A finished game, replayable.' }],
    [myGamesSchema, { id: 'MyGames' }],
    [webhookAnswerSchema, { id: 'WebhookAnswer' }],
    [webhookTestAnswerSchema, { id: 'WebhookTestAnswer' }],
    [
      moderationListsSchema,
      { id: 'ModerationLists', description: 'The players you muted and blocked.' },
    ],
    [chatReportedSchema, { id: 'ChatReported' }],
    [chatLineRemovedSchema, { id: 'ChatLineRemoved' }],
    [okAnswerSchema, { id: 'LogoutAnswer' }],
    [friendsSchema, { id: 'Friends' }],
    [friendAnswerSchema, { id: 'FriendAnswer' }],
    [unfollowAnswerSchema, { id: 'UnfollowAnswer' }],
    [challengeAnswerSchema, { id: 'ChallengeAnswer' }],
    [challengesSchema, { id: 'Challenges' }],
    [declineAnswerSchema, { id: 'DeclineAnswer' }],
    [
      accountEventSchema,
      { id: 'AccountEvent', description: 'One line of the event stream (NDJSON).' },
    ],
    [emailSettingsSchema, { id: 'EmailSettings' }],
    [leaderboardSchema, { id: 'Leaderboard' }],
    [playerRatingsSchema, { id: 'PlayerRatings' }],
    [tableRatingSchema, { id: 'TableRating' }],
    [playerProfileSchema, { id: 'PlayerProfile' }],
    [serverVersionSchema, { id: 'ServerVersion' }],
  ];
}

type Target = 'draft-2020-12' | 'draft-07';

/** A `z.custom` becomes an object with the title and description of its `.meta()`. */
function opaque(ctx: { zodSchema: z.core.$ZodType; path: (string | number)[] }) {
  const meta = z.globalRegistry.get(ctx.zodSchema);
  if (ctx.zodSchema._zod.def.type !== 'custom' || !meta?.description) {
    throw new Error(
      `documents: a ${ctx.zodSchema._zod.def.type} schema at ${ctx.path.join('.')} has no JSON Schema: give a z.custom a .meta({ title, description })`,
    );
  }
  const title = meta.title === undefined ? {} : { title: meta.title };
  return { type: 'object' as const, ...title, description: meta.description };
}

/**
 * A plain `z.object` strips unknown keys rather than refusing them, so zod's output schema says
 * `additionalProperties: false`; but a peer that parses it accepts (and drops) a field added
 * later, and the documents say so. Strict objects (every request body, every client message)
 * keep `false`: the server refuses an unknown key.
 */
function openObjects(ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonObject }): void {
  const def = ctx.zodSchema._zod.def as { type: string; catchall?: unknown };
  if (def.type === 'object' && def.catchall === undefined)
    delete ctx.jsonSchema.additionalProperties;
}

function convert(
  entries: [z.ZodType, Meta][],
  io: 'input' | 'output',
  target: Target,
  uri: (id: string) => string,
): Record<string, JsonObject> {
  const registry = z.registry<Meta>();
  for (const [schema, meta] of entries) registry.add(schema, meta);
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target,
    uri,
    unrepresentable: opaque,
    override: openObjects,
  });
  return schemas as Record<string, JsonObject>;
}

/**
 * Every schema by id: requests converted as input, answers as output. An id on both sides
 * (a move) must come out the same on both.
 */
function schemasById(target: Target, uri: (id: string) => string): Record<string, JsonObject> {
  const requests = convert(requestEntries(), 'input', target, uri);
  const answers = convert(answerEntries(), 'output', target, uri);
  for (const [id, schema] of Object.entries(answers)) {
    if (id in requests && JSON.stringify(requests[id]) !== JSON.stringify(schema)) {
      throw new Error(`documents: the schema ${id} differs as a request and as an answer`);
    }
  }
  const all = { ...requests, ...answers };
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The ids of the schemas a document refers to (`#/components/schemas/…`), directly or not. */
function reachable(document: unknown, schemas: Record<string, JsonObject>): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      const id =
        key === '$ref' && typeof item === 'string'
          ? /^#\/components\/schemas\/(.+)$/.exec(item)?.[1]
          : undefined;
      if (id !== undefined && !found.has(id) && schemas[id]) {
        found.add(id);
        visit(schemas[id]);
      } else visit(item);
    }
  };
  visit(document);
  return [...found].sort();
}

/** The schemas a document uses, as its components. */
function componentsFor(document: unknown, schemas: Record<string, JsonObject>) {
  return Object.fromEntries(
    reachable(document, schemas).map((id) => [id, component(schemaById(schemas, id))]),
  );
}

function schemaById(schemas: Record<string, JsonObject>, id: string): JsonObject {
  const schema = schemas[id];
  if (schema === undefined) throw new Error(`documents: no schema ${id}`);
  return schema;
}

/** Without `$schema` and `$id`: as a component of a larger document. */
function component(schema: JsonObject): JsonObject {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const ref = (path: string) => ({ $ref: path });
/** Where a schema is within an OpenAPI or AsyncAPI document. */
const componentUri = (id: string) => `#/components/schemas/${id}`;
const schemaRef = (id: string) => ref(componentUri(id));

// --- HTTP ------------------------------------------------------------------------------------

/** The schema ids of the route table's bodies and answers, by schema. */
function idsOf(entries: [z.ZodType, Meta][]): Map<z.ZodType, string> {
  return new Map(entries.map(([schema, meta]) => [schema, meta.id]));
}

function idOf(ids: Map<z.ZodType, string>, schema: z.ZodType, route: Route, what: string): string {
  const id = ids.get(schema);
  if (id === undefined)
    throw new Error(
      `documents: the ${what} of ${route.name} has no schema id: list it in documents.ts`,
    );
  return id;
}

/** `/api/v1/tables/:id` → `/api/v1/tables/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function queryParameters(query: z.ZodObject): JsonObject[] {
  return Object.entries(query.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: component(z.toJSONSchema(field as z.ZodType, { io: 'input' }) as JsonObject),
  }));
}

function pathParameters(path: string): JsonObject[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description:
      name === 'id' ? (path.includes('/players/') ? 'The player id' : 'The table id') : name,
    schema: { type: 'string' },
  }));
}

const SECURITY: Record<Route['auth'], JsonObject[]> = {
  required: [{ bearer: [] }, { session: [] }],
  optional: [{}, { bearer: [] }, { session: [] }],
  session: [{}, { session: [] }],
  none: [],
};

const JSON_TYPE = 'application/json';

function answerOf(route: Route, answers: Map<z.ZodType, string>): JsonObject {
  const answer: JsonObject = { description: route.answerDescription };
  const type = route.kind === 'ndjson' ? 'application/x-ndjson' : JSON_TYPE;
  if (route.answer)
    answer.content = {
      [type]: { schema: schemaRef(idOf(answers, route.answer, route, 'answer')) },
    };
  else if (route.kind === 'document')
    answer.content = { [JSON_TYPE]: { schema: { type: 'object' } } };
  if (route.setsCookie) answer.headers = { 'Set-Cookie': ref('#/components/headers/Session') };
  return answer;
}

function operationOf(
  route: Route,
  requests: Map<z.ZodType, string>,
  answers: Map<z.ZodType, string>,
): JsonObject {
  const parameters = [
    ...pathParameters(route.path),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  const errors = errorsOf(route);
  return {
    operationId: route.name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.bodyRequired ?? true,
            content: {
              [JSON_TYPE]: { schema: schemaRef(idOf(requests, route.body, route, 'body')) },
            },
          },
        }
      : {}),
    responses: {
      [String(route.status)]: answerOf(route, answers),
      '4XX': ref('#/components/responses/Refusal'),
      '503': ref('#/components/responses/Unavailable'),
      '5XX': ref('#/components/responses/Refusal'),
    },
    security: SECURITY[route.auth],
    /** The `code`s its refusals may carry (ProtocolError). */
    'x-error-codes': errors,
  };
}

const HTTP_DESCRIPTION = `The HTTP side of the Gangsta! protocol (version ${PROTOCOL_VERSION}): things asked once. Everything live is on the WebSocket (${API_DOCUMENT_PATHS.asyncapi}); docs/protocol.md explains the flow.

A player is identified by \`Authorization: Bearer <token>\` (from \`POST /api/v1/players\`) or by the session cookie of an account (\`${SESSION_COOKIE_NAME}\`, set by \`POST /api/v1/login\`). A state-changing request made with the cookie must come from an allowed Origin (403 BAD_ORIGIN).

Every refusal is \`{ error: ProtocolError }\`: a \`code\` to translate, \`params\` for the details and an English \`message\`, with a fitting status (400 bad input, 401 no or unknown token, 403 not yours, 404 unknown, 409 not now, 413 too large, 429 too many with \`params.retryMs\`, 500 nothing changed, 503 UNAVAILABLE with \`Retry-After\`: the database cannot be reached just now, ask again).

Each operation lists the codes its refusals may carry in \`x-error-codes\`.

Generated from the route table and the zod schemas of packages/protocol (src/routes/, src/documents.ts); do not edit by hand.`;

/** The answers of a refusal, shared by every operation. */
const REFUSALS = {
  Refusal: {
    description: 'Refused: `{ error: ProtocolError }`',
    content: { 'application/json': { schema: schemaRef('HttpError') } },
  },
  Unavailable: {
    description:
      'UNAVAILABLE: the database cannot be reached just now; nothing was changed. Ask again after `Retry-After` seconds (`params.retryMs`).',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    content: { 'application/json': { schema: schemaRef('HttpError') } },
  },
};

export function buildOpenApi(schemas = schemasById('draft-2020-12', componentUri)): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const requests = idsOf(requestEntries());
  const answers = idsOf(answerEntries());
  for (const route of ROUTE_LIST) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, requests, answers);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gangsta! HTTP API',
      version: `${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`,
      description: HTTP_DESCRIPTION,
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [
      { name: 'players', description: 'Guest players and their tokens' },
      { name: 'tables', description: 'Creating, joining and starting tables; the lobby' },
      { name: 'accounts', description: 'Accounts, sessions, My games, webhooks' },
      { name: 'ratings', description: 'Leaderboards, ratings, rematches' },
      { name: 'live', description: 'The WebSocket' },
      { name: 'friends', description: 'Friends, challenges, the event stream, mail notifications' },
      { name: 'documents', description: 'These documents' },
      { name: 'operations', description: 'For operators: which server answers' },
    ],
    paths,
    components: {
      schemas: componentsFor([paths, REFUSALS], schemas),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The player token from POST /api/v1/players',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The signed session cookie of a logged-in account (HttpOnly, 30 days)',
        },
      },
      headers: {
        Session: {
          description: `\`${SESSION_COOKIE_NAME}=…; HttpOnly; SameSite=Lax\` (Secure over HTTPS)`,
          schema: { type: 'string' },
        },
      },
      responses: REFUSALS,
    },
  };
}

// --- WebSocket -------------------------------------------------------------------------------

/** Which server messages answer a client message (AsyncAPI `reply`). */
const REPLIES: Record<string, string[]> = {
  hello: ['welcome', 'error'],
  watch: ['table', 'sync', 'update', 'error'],
  move: ['ack', 'rejected'],
  undo: ['ack', 'rejected'],
};

const WS_DESCRIPTION = `The WebSocket side of the Gangsta! protocol (version ${PROTOCOL_VERSION}): one socket per client at /api/v1/ws, every frame one JSON object with a \`type\`. This document describes the server: it receives the client's frames and sends its own.

Say \`hello\` first (with the player token, or none: the session cookie of the upgrade request, or a spectator), then \`watch\` tables. A table's version counts its move log; a client sends the version it has seen with every move (\`seen\`) and when it watches again after a reconnection, and gets the moves it missed (\`update\`) or a full \`sync\`. Moves carry a client id and are resent with it until \`ack\` or \`rejected\`; the server never applies one twice. RATE_LIMITED and UNAVAILABLE carry \`params.retryMs\`. docs/protocol.md explains the flow with a worked reconnection.

The game's own data inside a frame (the view, log lines, moves with their events) are the engine's types: the schemas say "object" there, with a description. Generated from the zod schemas of packages/protocol (src/documents.ts); do not edit by hand.`;

export function buildAsyncApi(schemas = schemasById('draft-07', componentUri)): JsonObject {
  const client = variants(clientMessageSchema).map(([type]) => type);
  const server = variants(documentedServerMessageSchema).map(([type]) => type);
  const messageId = (side: 'Client' | 'Server', type: string) => `${side}${capitalized(type)}`;
  const channelMessage = (id: string) => ref(`#/channels/socket/messages/${id}`);
  const channel = ref('#/channels/socket');
  const messages: Record<string, JsonObject> = {};
  for (const type of client) {
    const id = messageId('Client', type);
    messages[id] = {
      name: type,
      title: `${type} (client → server)`,
      summary: CLIENT_MESSAGES[type],
      payload: schemaRef(id),
    };
  }
  for (const type of server) {
    const id = messageId('Server', type);
    messages[id] = {
      name: type,
      title: `${type} (server → client)`,
      summary: SERVER_MESSAGES[type],
      payload: schemaRef(id),
    };
  }
  const operations: Record<string, JsonObject> = {};
  for (const type of client) {
    const replies = REPLIES[type];
    operations[`receive${capitalized(type)}`] = {
      action: 'receive',
      channel,
      summary: CLIENT_MESSAGES[type],
      messages: [channelMessage(messageId('Client', type))],
      ...(replies
        ? {
            reply: {
              channel,
              messages: replies.map((reply) => channelMessage(messageId('Server', reply))),
            },
          }
        : {}),
    };
  }
  for (const type of server) {
    operations[`send${capitalized(type)}`] = {
      action: 'send',
      channel,
      summary: SERVER_MESSAGES[type],
      messages: [channelMessage(messageId('Server', type))],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Gangsta! live protocol',
      version: `${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`,
      description: WS_DESCRIPTION,
    },
    defaultContentType: 'application/json',
    servers: {
      gangsta: {
        host: '{host}',
        protocol: 'ws',
        pathname: '/api/v1/ws',
        description: 'The game server (wss behind TLS)',
        variables: { host: { default: 'localhost:5173', description: 'host and port' } },
        security: [ref('#/components/securitySchemes/session')],
      },
    },
    channels: {
      socket: {
        address: '/api/v1/ws',
        title: 'The WebSocket',
        description:
          'Every frame is one JSON object with a `type`, at most 64 KiB. Client frames are parsed with the ClientMessage schema before anything reads them (BAD_MESSAGE otherwise).',
        messages: Object.fromEntries(
          Object.keys(messages).map((id) => [id, ref(`#/components/messages/${id}`)]),
        ),
      },
    },
    operations,
    components: {
      schemas: componentsFor(messages, schemas),
      messages,
      securitySchemes: {
        session: {
          type: 'httpApiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description:
            'The session cookie of the upgrade request identifies a logged-in player when `hello` carries no token (the player token goes in `hello.token` instead).',
        },
      },
    },
  };
}

// --- all of it -------------------------------------------------------------------------------

export interface ApiDocuments {
  openapi: JsonObject;
  asyncapi: JsonObject;
  /** The JSON Schemas by file name (`ServerUpdate.json`), referring to each other by file name. */
  schemas: Record<string, JsonObject>;
}

/** Builds every document from the schemas (a few milliseconds: build once and keep). */
export function buildApiDocuments(): ApiDocuments {
  const files = schemasById('draft-2020-12', (id) => `${id}.json`);
  return {
    openapi: buildOpenApi(),
    asyncapi: buildAsyncApi(),
    schemas: Object.fromEntries(Object.entries(files).map(([id, s]) => [`${id}.json`, s])),
  };
}

/** A document as it is written and served: two-space JSON and a final newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The files of `docs/api/`, by path relative to it, with their text. */
export function apiDocumentFiles(documents = buildApiDocuments()): Record<string, string> {
  return {
    'openapi.json': documentText(documents.openapi),
    'asyncapi.json': documentText(documents.asyncapi),
    ...Object.fromEntries(
      Object.entries(documents.schemas).map(([name, schema]) => [
        `schemas/${name}`,
        documentText(schema),
      ]),
    ),
  };
}
