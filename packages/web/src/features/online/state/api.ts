/**
 * The HTTP half of the protocol (`/api/v1`): one function per call the screens make, each a
 * route of the protocol's route table called through `@gangsta/client`'s HTTP client. Every
 * answer is parsed with the table's schema before it is used; a refusal (`{ error }`) becomes
 * an `OnlineError` with the server's code, a failed network (or no answer in time) an
 * `OnlineError('NETWORK')`, and an answer of the wrong shape `OnlineError('BAD_ANSWER')`.
 */
import { createHttpClient, type FetchLike, type Http, RequestError } from '@gangsta/client';
import type { GameRecord } from '@gangsta/engine';
import type {
  Challenge,
  CreateAccount,
  CreateChallenge,
  CreateTable,
  EmailSettings,
  Friend,
  Friends,
  HostTableInfo,
  JoinTable,
  Leaderboard,
  Lobby,
  Login,
  MeAnswer,
  ModerationLists,
  MyGames,
  Player,
  PlayerCreated,
  PlayerProfile,
  PlayerRatings,
  SetEmail,
  TableAnswer,
  TableDeleted,
  TableRating,
  WebhookTestAnswer,
} from '@gangsta/protocol';
import { parseGameFile } from '../../../game/record.ts';
import { OnlineError } from './errors.ts';

export interface ApiOptions {
  /** Where `/api/v1` lives; the page's own origin by default. */
  base?: string;
  /** The player's token, when they have one. */
  token: () => string | null;
  fetch?: typeof fetch;
}

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
  const http = createHttpClient({
    baseUrl: options.base ?? '',
    token: options.token,
    // Read at each call: tests and the page may replace the global fetch.
    fetch: ((url, init) => (options.fetch ?? fetch)(url, init as RequestInit)) as FetchLike,
  });
  const call = <T>(request: (client: Http) => Promise<T>): Promise<T> =>
    request(http).catch((error: unknown) => {
      throw asOnline(error);
    });
  const table = (id: string) => ({ params: { id } });
  return {
    createPlayer: (name) => call((c) => c.createPlayer({ body: { name } })),
    me: async () => (await call((c) => c.getMe())).player,
    rename: async (name) => (await call((c) => c.renameMe({ body: { name } }))).player,
    lobby: () => call((c) => c.lobby()),
    createTable: async (body) => (await call((c) => c.createTable({ body }))).table,
    table: (id) => call((c) => c.getTable(table(id))),
    join: (id, body) => call((c) => c.joinTable({ ...table(id), body })),
    leave: (id) => call((c) => c.leaveTable(table(id))),
    kick: (id, seat) => call((c) => c.kickPlayer({ ...table(id), body: { seat } })),
    start: (id) => call((c) => c.startTable(table(id))),
    deleteTable: (id) => call((c) => c.deleteTable(table(id))),
    record: async (id) => parseRecord(await call((c) => c.gameRecord(table(id)))),
    account: () => call((c) => c.getMe()),
    createAccount: (body) => call((c) => c.createAccount({ body })),
    login: (body) => call((c) => c.login({ body })),
    logout: async () => {
      await call((c) => c.logout());
    },
    myGames: () => call((c) => c.myGames()),
    setWebhook: async (url) => (await call((c) => c.setWebhook({ body: { url } }))).webhook,
    testWebhook: () => call((c) => c.testWebhook()),
    leaderboard: (players) => call((c) => c.leaderboard({ query: { players } })),
    friends: () => call((c) => c.friends()),
    follow: async (username) => (await call((c) => c.follow({ params: { username } }))).friend,
    unfollow: async (username) => {
      await call((c) => c.unfollow({ params: { username } }));
    },
    challenge: async (body) => (await call((c) => c.challenge({ body }))).challenge,
    challenges: async () => (await call((c) => c.myChallenges())).challenges,
    acceptChallenge: (id) => call((c) => c.acceptChallenge(table(id))),
    declineChallenge: async (id) => {
      await call((c) => c.declineChallenge(table(id)));
    },
    email: () => call((c) => c.emailSettings()),
    setEmail: (body) => call((c) => c.setEmail({ body })),
    resendVerification: () => call((c) => c.resendVerification()),
    playerRatings: (id) => call((c) => c.playerRatings(table(id))),
    rematch: (id) => call((c) => c.rematch(table(id))),
    tableRating: (id) => call((c) => c.tableRating(table(id))),
    profile: (username) => call((c) => c.playerProfile({ params: { username } })),
    moderation: () => call((c) => c.moderationLists()),
    setListed: (list, playerId, on) => {
      const params = { params: { playerId } };
      if (list === 'muted') return call((c) => (on ? c.addMuted(params) : c.removeMuted(params)));
      return call((c) => (on ? c.addBlocked(params) : c.removeBlocked(params)));
    },
    reportChatLine: async (id, seq) => {
      await call((c) => c.reportChatLine({ params: { id, seq: String(seq) } }));
    },
    removeChatLine: async (id, seq) => {
      await call((c) => c.removeChatLine({ params: { id, seq: String(seq) } }));
    },
  };
}

/** The HTTP client's failure as the screens know it (a timeout is a network failure). */
function asOnline(error: unknown): unknown {
  if (!(error instanceof RequestError)) return error;
  const code = error.code === 'TIMEOUT' ? 'NETWORK' : error.code;
  const params =
    error.code === 'BAD_ANSWER' && error.status !== null ? { status: error.status } : error.params;
  return new OnlineError(code, error.message, params);
}

/** The record is checked like a file the player opened: shape, then a full replay. */
function parseRecord(data: unknown): GameRecord {
  const parsed = parseGameFile(JSON.stringify(data));
  if (parsed.ok) return parsed.record;
  throw new OnlineError('BAD_ANSWER', `the game record is not valid (${parsed.problem.key})`);
}
