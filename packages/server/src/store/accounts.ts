/**
 * Accounts, sessions and the server's settings in the store. A guest player becomes an account
 * (a username and a password hash); a login starts a session, of which only the SHA-256 of its
 * id is stored. `settings` keeps what every process of a cluster must share (the cookie
 * signing secret, which only sessions use: so it lives here).
 */
import type { Kysely } from 'kysely';
import { playerFromColumns } from './players.ts';
import type { PlayerRow } from './records.ts';
import type { Database } from './schema.ts';

export interface AccountRow {
  playerId: string;
  /** As the player wrote it. */
  username: string;
  /** `scrypt$N$r$p$salt$hash` (see `accounts/passwords.ts`). */
  passwordHash: string;
  createdAt: string;
}

export interface SessionRow {
  /** SHA-256 (hex) of the session id the cookie carries. */
  idHash: string;
  playerId: string;
  createdAt: string;
  expiresAt: string;
}

/** `made` (or a bot account's new token), or why not: no account, or it has taken a seat. */
export type BotAccountChange = 'made' | 'no account' | 'has played';

/** `created`, or why not: the player already has an account, or the username is taken. */
export type AccountCreation = 'created' | 'already' | 'taken';

export interface AccountStore {
  createAccount(account: AccountRow): Promise<AccountCreation>;
  /** The account with this username, compared case-insensitively. */
  accountByUsername(username: string): Promise<AccountRow | undefined>;
  accountOfPlayer(playerId: string): Promise<AccountRow | undefined>;
  /** A new session; its id is 256 random bits, so a clash would be a bug and fails as an error. */
  createSession(session: SessionRow): Promise<void>;
  /** The player of a session that has not expired at `nowIso`. */
  sessionPlayer(idHash: string, nowIso: string): Promise<PlayerRow | undefined>;
  deleteSession(idHash: string): Promise<void>;
  /**
   * The account becomes a bot account with a new token (its hash), in one statement: only an
   * account that has never sat at a table (as host or guest) may; a bot account gets the new
   * token.
   */
  becomeBotAccount(playerId: string, tokenHash: string): Promise<BotAccountChange>;
  /** The stored value, or `value` stored now if none was: the first process to ask decides. */
  ensureSetting(key: string, value: string): Promise<string>;
}

export function usernameKey(username: string): string {
  return username.toLowerCase();
}

function accountFromColumns(row: {
  player_id: string;
  username: string;
  password_hash: string;
  created_at: string;
}): AccountRow {
  return {
    playerId: row.player_id,
    username: row.username,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
}

export async function createAccount(
  db: Kysely<Database>,
  account: AccountRow,
): Promise<AccountCreation> {
  // ON CONFLICT DO NOTHING on both keys: a clash is an answer, never a failed statement
  // (which would abort a PostgreSQL transaction or the SQLite thread's group commit).
  const result = await db
    .insertInto('accounts')
    .values({
      player_id: account.playerId,
      username: account.username,
      username_key: usernameKey(account.username),
      password_hash: account.passwordHash,
      created_at: account.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return 'created';
  return (await accountOfPlayer(db, account.playerId)) ? 'already' : 'taken';
}

export async function accountByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
  return row ? accountFromColumns(row) : undefined;
}

export async function accountOfPlayer(
  db: Kysely<Database>,
  playerId: string,
): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row ? accountFromColumns(row) : undefined;
}

export async function becomeBotAccount(
  db: Kysely<Database>,
  playerId: string,
  tokenHash: string,
): Promise<BotAccountChange> {
  const result = await db
    .updateTable('players')
    .set({ bot: 1, token_hash: tokenHash })
    .where('id', '=', playerId)
    .where((eb) =>
      eb.or([
        eb('bot', '=', 1),
        eb.not(
          eb.exists(
            eb.selectFrom('table_players').select('seat').where('player_id', '=', playerId),
          ),
        ),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('accounts').select('username').where('player_id', '=', playerId)),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'made';
  return (await accountOfPlayer(db, playerId)) ? 'has played' : 'no account';
}

export async function createSession(db: Kysely<Database>, session: SessionRow): Promise<void> {
  // Expired sessions go when new ones come: the table never grows past the live ones.
  await db.deleteFrom('sessions').where('expires_at', '<', session.createdAt).execute();
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      player_id: session.playerId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function sessionPlayer(
  db: Kysely<Database>,
  idHash: string,
  nowIso: string,
): Promise<PlayerRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('players', 'players.id', 'sessions.player_id')
    .selectAll('players')
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
  return row ? playerFromColumns(row) : undefined;
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function ensureSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
