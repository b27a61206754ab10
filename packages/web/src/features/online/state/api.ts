/**
 * The HTTP half of the protocol (`/api/v1`, see @gangsta/protocol's http.ts): one function per
 * endpoint. Every answer is parsed with the protocol's schema before it is used; a refusal
 * (`{ error }`) becomes an `OnlineError` with the server's code, a failed network an
 * `OnlineError('NETWORK')`, and an answer of the wrong shape `OnlineError('BAD_ANSWER')`.
 */
import type { GameRecord } from '@gangsta/engine';
import {
  type Challenge,
  type CreateAccount,
  type CreateChallenge,
  type CreateTable,
  challengeAnswerSchema,
  challengesSchema,
  chatLineRemovedSchema,
  chatReportedSchema,
  declineAnswerSchema,
  type EmailSettings,
  emailSettingsSchema,
  type Friend,
  type Friends,
  friendAnswerSchema,
  friendsSchema,
  type HostTableInfo,
  hostTableInfoSchema,
  httpErrorSchema,
  type JoinTable,
  type Leaderboard,
  type Lobby,
  type Login,
  leaderboardSchema,
  lobbySchema,
  type MeAnswer,
  type ModerationLists,
  type MyGames,
  meAnswerSchema,
  moderationListsSchema,
  myGamesSchema,
  type Player,
  type PlayerCreated,
  type PlayerProfile,
  type PlayerRatings,
  playerCreatedSchema,
  playerProfileSchema,
  playerRatingsSchema,
  playerSchema,
  type SetEmail,
  type TableAnswer,
  type TableDeleted,
  type TableRating,
  tableAnswerSchema,
  tableDeletedSchema,
  tableRatingSchema,
  type WebhookTestAnswer,
  webhookAnswerSchema,
  webhookTestAnswerSchema,
} from '@gangsta/protocol';
import { z } from 'zod';
import { parseGameFile } from '../../../game/record.ts';
import { OnlineError } from './errors.ts';

export interface ApiOptions {
  /** Where `/api/v1` lives; the page's own origin by default. */
  base?: string;
  /** The player's token, when they have one. */
  token: () => string | null;
  fetch?: typeof fetch;
}

const meSchema = z.object({ player: playerSchema });
const createdTableSchema = z.object({ table: hostTableInfoSchema });

export interface Api {
  createPlayer(name: string): Promise<PlayerCreated>;
  me(): Promise<Player>;
  rename(name: string): Promise<Player>;
  lobby(): Promise<Lobby>;
  createTable(body: CreateTable): Promise<HostTableInfo>;
  table(id: string): Promise<TableAnswer>;
  join(id: string, body: JoinTable): Promise<TableAnswer>;
  leave(id: string): Promise<TableAnswer>;
  kick(id: string, seat: number): Promise<TableAnswer>;
  start(id: string): Promise<TableAnswer>;
  /** The host deletes a table that has not started (`DELETE /tables/:id`). */
  deleteTable(id: string): Promise<TableDeleted>;
  record(id: string): Promise<GameRecord>;
  /** The player with their account and webhook (`GET /me`). */
  account(): Promise<MeAnswer>;
  createAccount(body: CreateAccount): Promise<MeAnswer>;
  login(body: Login): Promise<MeAnswer>;
  logout(): Promise<void>;
  myGames(): Promise<MyGames>;
  setWebhook(url: string | null): Promise<string | null>;
  testWebhook(): Promise<WebhookTestAnswer>;
  /** The leaderboard of a table size (2, 3 or 4 players). */
  leaderboard(players: number): Promise<Leaderboard>;
  /** The accounts the player follows, with who is online. */
  friends(): Promise<Friends>;
  follow(username: string): Promise<Friend>;
  unfollow(username: string): Promise<void>;
  /** A new private table with a seat kept for the account `to`. */
  challenge(body: CreateChallenge): Promise<Challenge>;
  /** The challenges waiting for the player's answer. */
  challenges(): Promise<Challenge[]>;
  acceptChallenge(id: string): Promise<TableAnswer>;
  declineChallenge(id: string): Promise<void>;
  /** The mail address, its verification and the opt-ins. */
  email(): Promise<EmailSettings>;
  setEmail(body: SetEmail): Promise<EmailSettings>;
  resendVerification(): Promise<EmailSettings>;
  playerRatings(id: string): Promise<PlayerRatings>;
  /** The finished table's rematch (made, or the one that exists), with our seat at it. */
  rematch(id: string): Promise<TableAnswer>;
  /** Whether a finished game was rated (if not, why) and how each rating moved. */
  tableRating(id: string): Promise<TableRating>;
  /** A player's profile, by username (a server bot's: `bot-easy`…). */
  profile(username: string): Promise<PlayerProfile>;
  /** The players you muted and blocked (`moderation.ts` of the protocol). */
  moderation(): Promise<ModerationLists>;
  /** Puts a player on (or takes them off) your muted or blocked list; answers both lists. */
  setListed(list: 'muted' | 'blocked', playerId: string, on: boolean): Promise<ModerationLists>;
  /** Reports a chat line (its number at the table) to the operators. */
  reportChatLine(table: string, seq: number): Promise<void>;
  /** The host removes a spectator's chat line for everyone. */
  removeChatLine(table: string, seq: number): Promise<void>;
}

export function createApi(options: ApiOptions): Api {
  const call = (method: string, path: string, body?: unknown) =>
    request(options, method, path, body);
  const tableCall = async (method: string, path: string, body?: unknown) =>
    parse(tableAnswerSchema, await call(method, path, body));
  const enc = encodeURIComponent;
  return {
    createPlayer: async (name) =>
      parse(playerCreatedSchema, await call('POST', '/players', { name })),
    me: async () => parse(meSchema, await call('GET', '/me')).player,
    rename: async (name) => parse(meSchema, await call('PATCH', '/me', { name })).player,
    lobby: async () => parse(lobbySchema, await call('GET', '/tables')),
    createTable: async (body) =>
      parse(createdTableSchema, await call('POST', '/tables', body)).table,
    table: (id) => tableCall('GET', `/tables/${enc(id)}`),
    join: (id, body) => tableCall('POST', `/tables/${enc(id)}/join`, body),
    leave: (id) => tableCall('POST', `/tables/${enc(id)}/leave`, {}),
    kick: (id, seat) => tableCall('POST', `/tables/${enc(id)}/kick`, { seat }),
    start: (id) => tableCall('POST', `/tables/${enc(id)}/start`, {}),
    deleteTable: async (id) =>
      parse(tableDeletedSchema, await call('DELETE', `/tables/${enc(id)}`)),
    record: async (id) => parseRecord(await call('GET', `/tables/${enc(id)}/record`)),
    account: async () => parse(meAnswerSchema, await call('GET', '/me')),
    createAccount: async (body) => parse(meAnswerSchema, await call('POST', '/account', body)),
    login: async (body) => parse(meAnswerSchema, await call('POST', '/login', body)),
    logout: async () => {
      await call('POST', '/logout', {});
    },
    myGames: async () => parse(myGamesSchema, await call('GET', '/me/games')),
    setWebhook: async (url) =>
      parse(webhookAnswerSchema, await call('PUT', '/me/webhook', { url })).webhook,
    testWebhook: async () =>
      parse(webhookTestAnswerSchema, await call('POST', '/me/webhook/test', {})),
    leaderboard: async (players) =>
      parse(leaderboardSchema, await call('GET', `/ratings?players=${players}`)),
    friends: async () => parse(friendsSchema, await call('GET', '/me/friends')),
    follow: async (username) =>
      parse(friendAnswerSchema, await call('PUT', `/me/friends/${enc(username)}`)).friend,
    unfollow: async (username) => {
      await call('DELETE', `/me/friends/${enc(username)}`);
    },
    challenge: async (body) =>
      parse(challengeAnswerSchema, await call('POST', '/challenges', body)).challenge,
    challenges: async () => parse(challengesSchema, await call('GET', '/me/challenges')).challenges,
    acceptChallenge: (id) => tableCall('POST', `/challenges/${enc(id)}/accept`, {}),
    declineChallenge: async (id) => {
      parse(declineAnswerSchema, await call('POST', `/challenges/${enc(id)}/decline`, {}));
    },
    email: async () => parse(emailSettingsSchema, await call('GET', '/me/email')),
    setEmail: async (body) => parse(emailSettingsSchema, await call('PUT', '/me/email', body)),
    resendVerification: async () =>
      parse(emailSettingsSchema, await call('POST', '/me/email/verify', {})),
    playerRatings: async (id) =>
      parse(playerRatingsSchema, await call('GET', `/players/${enc(id)}/ratings`)),
    rematch: (id) => tableCall('POST', `/tables/${enc(id)}/rematch`, {}),
    tableRating: async (id) =>
      parse(tableRatingSchema, await call('GET', `/tables/${enc(id)}/rating`)),
    profile: async (username) =>
      parse(playerProfileSchema, await call('GET', `/players/${enc(username)}/profile`)),
    moderation: async () => parse(moderationListsSchema, await call('GET', '/me/moderation')),
    setListed: async (list, playerId, on) =>
      parse(
        moderationListsSchema,
        await call(on ? 'PUT' : 'DELETE', `/me/${list}/${enc(playerId)}`),
      ),
    reportChatLine: async (table, seq) => {
      parse(chatReportedSchema, await call('POST', `/tables/${enc(table)}/chat/${seq}/report`));
    },
    removeChatLine: async (table, seq) => {
      parse(chatLineRemovedSchema, await call('DELETE', `/tables/${enc(table)}/chat/${seq}`));
    },
  };
}

/** Sends one request; resolves with the answer's JSON, or throws an OnlineError. */
async function request(
  options: ApiOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${options.base ?? ''}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new OnlineError('NETWORK', `${method} ${path}: ${detail}`);
  }
  const data = await response.json().catch(() => undefined);
  if (response.ok) return data;
  const refusal = httpErrorSchema.safeParse(data);
  if (refusal.success) throw OnlineError.from(refusal.data.error);
  throw new OnlineError('BAD_ANSWER', `${method} ${path}: HTTP ${response.status}`, {
    status: response.status,
  });
}

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new OnlineError(
    'BAD_ANSWER',
    `unexpected answer: ${issue?.path.join('.')} ${issue?.message}`,
  );
}

/** The record is checked like a file the player opened: shape, then a full replay. */
function parseRecord(data: unknown): GameRecord {
  const parsed = parseGameFile(JSON.stringify(data));
  if (parsed.ok) return parsed.record;
  throw new OnlineError('BAD_ANSWER', `the game record is not valid (${parsed.problem.key})`);
}
