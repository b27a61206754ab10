/**
 * Ratings in the store: each account's rating per table size, the history of every rated game,
 * the bots' fixed accounts, and the rematches of finished tables (the tables:
 * `migrations/0004_ratings.ts`).
 *
 * mu and sigma are stored as integers in millionths. Both dialects store and sort them
 * exactly (a `double precision` column has no portable kysely type, text would not sort), so
 * the leaderboard is ordered and cut by the database (`mu − 3σ`); rounding to a millionth
 * per game is far below anything a rating can tell.
 *
 * The store keeps ratings and never computes them: the rating module (`ratings/rate.ts`) reads
 * the participants' ratings (`ratingsForGame`), runs the model, and records the result
 * (`recordRatings`), which the store writes only if no rating it read has changed since.
 */
import { itemAt } from '@gangsta/engine';
import { BOT_LEVELS, botLevelOfPlayer, botPlayerId } from '@gangsta/protocol';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** A rating as the model takes and gives it. */
export interface SkillRating {
  mu: number;
  sigma: number;
}

/** One rated seat of a game: the account (a bot's is its level's), its place, whether a person. */
export interface Participant {
  playerId: string;
  /** 1-based; equal for players tied after the tie-break. */
  rank: number;
  human: boolean;
}

/** A finished game to rate, as the table's seats and the final scoring give it. */
export interface GameToRate {
  tableId: string;
  /** The table's size: ratings are kept per size. */
  players: number;
  /** When the game finished (ISO); also the time of the history rows. */
  at: string;
  participants: Participant[];
}

/** `rated`; `already` (the table has history rows); `unrated` (a seat was a guest's). */
export type RatingOutcome = 'rated' | 'already' | 'unrated';

export interface StoredRating extends SkillRating {
  playerId: string;
  players: number;
  games: number;
}

export interface LeaderboardRow extends StoredRating {
  /** The display name (a server bot's: its level). */
  name: string;
  /** The account's username (null: a server bot level's player, which has none). */
  username: string | null;
  /** A bot account (a program), not a person or one of the server's levels. */
  botAccount: boolean;
}

export interface HistoryRow {
  tableId: string;
  players: number;
  rank: number;
  before: SkillRating;
  after: SkillRating;
  at: string;
}

/**
 * `recordRatings`' answers: a `RatingOutcome`, or `conflict` when a participant's rating is no
 * longer the one read (another game of theirs was rated in between): nothing was written, and
 * the caller reads again and recomputes.
 */
export type RecordOutcome = RatingOutcome | 'conflict';

/** One participant's move, in the game's participants' order. */
export interface RatingChange {
  /** The rating read by `ratingsForGame` (null: none yet at this size): what the write expects. */
  read: StoredRating | null;
  /** The rating the model started from: the one read, or a newcomer's. */
  before: SkillRating;
  after: SkillRating;
}

export interface RatingStore {
  /**
   * The participants' current ratings at a table size, in the order of `playerIds` (null: the
   * player has none at this size yet), to compute a game's new ratings from.
   */
  ratingsForGame(players: number, playerIds: string[]): Promise<(StoredRating | null)[]>;
  /**
   * Records a game's new ratings and history in one transaction, once (see `RecordOutcome`):
   * a compare-and-set on every participant's rating read.
   */
  recordRatings(game: GameToRate, changes: RatingChange[]): Promise<RecordOutcome>;
  /** The best `limit` ratings of a table size, by mu − 3σ. */
  leaderboard(players: number, limit: number): Promise<LeaderboardRow[]>;
  /** A player's ratings, one per table size they were rated at. */
  ratingsOf(playerId: string): Promise<StoredRating[]>;
  /** A player's rated games at a table size, newest first. */
  historyOf(playerId: string, players: number, limit: number): Promise<HistoryRow[]>;
  /** The history rows of one table (one per rated account; none: not rated). */
  historyOfTable(tableId: string): Promise<(HistoryRow & { playerId: string })[]>;
  /**
   * Finished tables without history whose every person had an account when the game ended:
   * games that should have been rated (the process stopped between the last move and the
   * rating), oldest first.
   */
  unratedTables(): Promise<string[]>;
}

const MICRO = 1_000_000;
const toMicro = (value: number) => Math.round(value * MICRO);
const fromMicro = (value: number) => Number(value) / MICRO;

/**
 * The bots' accounts (made by `migrations/0004_ratings.ts`): players named after their level.
 * Their token hash is no SHA-256 (which is 64 hex digits), so no token can ever authenticate
 * as a bot.
 */
export async function ensureBotPlayers(db: Kysely<Database>, atIso: string): Promise<void> {
  await db
    .insertInto('players')
    .values(
      BOT_LEVELS.map((level) => ({
        id: botPlayerId(level),
        name: level,
        token_hash: `bot:${level}`,
        created_at: atIso,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** `work` in a transaction: the caller's (the SQLite thread's group commit) or its own. */
export function atomically<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Whether the player was an account at `atIso` (a guest's games are not rated). */
export async function isAccount(
  db: Kysely<Database>,
  playerId: string,
  atIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('player_id')
    .where('player_id', '=', playerId)
    .where('created_at', '<=', atIso)
    .executeTakeFirst();
  return row !== undefined;
}

async function hasHistory(db: Kysely<Database>, tableId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rating_history')
    .select('table_id')
    .where('table_id', '=', tableId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function ratingsForGame(
  db: Kysely<Database>,
  players: number,
  playerIds: string[],
): Promise<(StoredRating | null)[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('ratings')
    .selectAll()
    .where('player_id', 'in', playerIds)
    .where('player_count', '=', players)
    .execute();
  const byPlayer = new Map(rows.map((row) => [row.player_id, storedRating(row)]));
  return playerIds.map((id) => byPlayer.get(id) ?? null);
}

/** Whether a stored rating is still the one read: every write counts a game, so `games` is its version. */
function unchanged(stored: StoredRating | null, read: StoredRating | null): boolean {
  if (stored === null || read === null) return stored === read;
  return (
    stored.games === read.games &&
    toMicro(stored.mu) === toMicro(read.mu) &&
    toMicro(stored.sigma) === toMicro(read.sigma)
  );
}

/**
 * History rows first: their primary key (table, player) is what makes a second rating of the
 * same table `already`, should two processes ever try at once (on PostgreSQL the players'
 * locks make the second wait and find the history; SQLite's writers take turns). The ratings
 * read are compared inside the same transaction, after those locks: a game of a shared player
 * rated in between makes this one `conflict`, so no update is lost.
 */
export async function recordRatings(
  db: Kysely<Database>,
  game: GameToRate,
  changes: RatingChange[],
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): Promise<RecordOutcome> {
  const { participants } = game;
  if (changes.length !== participants.length) {
    throw new Error(
      `${changes.length} rating changes for the ${participants.length} participants of ${game.tableId}`,
    );
  }
  return atomically(db, async (trx) => {
    if (dialect === 'postgres') await lockRatings(trx, game);
    if (await hasHistory(trx, game.tableId)) return 'already';
    for (const p of participants) {
      if (p.human && !(await isAccount(trx, p.playerId, game.at))) return 'unrated';
    }
    if (participants.length < 2) return 'unrated';
    const ids = participants.map((p) => p.playerId);
    const stored = await ratingsForGame(trx, game.players, ids);
    // One change per participant, checked above; `stored` has one entry per id.
    const rows = changes.map((change, i) => ({
      change,
      id: itemAt(ids, i, 'participant'),
      stored: itemAt(stored, i, 'stored rating'),
    }));
    if (rows.some(({ change, stored }) => !unchanged(stored, change.read))) return 'conflict';
    if (!(await writeHistory(trx, game, changes))) return 'already';
    for (const { change, id, stored } of rows) {
      const row = {
        mu: toMicro(change.after.mu),
        sigma: toMicro(change.after.sigma),
        games: (stored?.games ?? 0) + 1,
        updated_at: game.at,
      };
      await trx
        .insertInto('ratings')
        .values({ player_id: id, player_count: game.players, ...row })
        .onConflict((oc) => oc.columns(['player_id', 'player_count']).doUpdateSet(row))
        .execute();
    }
    return 'rated';
  });
}

/**
 * The game's history rows; false when the table has them already (rated by another writer).
 * A clash skips the rows rather than failing the statement, which would abort a PostgreSQL
 * transaction or the SQLite thread's group commit.
 */
async function writeHistory(
  trx: Kysely<Database>,
  game: GameToRate,
  changes: readonly RatingChange[],
): Promise<boolean> {
  const written = await trx
    .insertInto('rating_history')
    .values(
      game.participants.map((p, i) => {
        const { before, after } = itemAt(changes, i, 'rating change');
        return {
          table_id: game.tableId,
          player_id: p.playerId,
          player_count: game.players,
          mu_before: toMicro(before.mu),
          sigma_before: toMicro(before.sigma),
          mu_after: toMicro(after.mu),
          sigma_after: toMicro(after.sigma),
          rank: p.rank,
          at: game.at,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['table_id', 'player_id']).doNothing())
    .returning('player_id')
    .execute();
  if (written.length === game.participants.length) return true;
  // A table's rows are written all together: only a stored rating's whole set can clash.
  if (written.length === 0) return false;
  throw new Error(`the rating history of ${game.tableId} clashed in part with stored rows`);
}

/**
 * PostgreSQL: two games of one player that end at the same moment on two processes would both
 * read the old rating and one update would be lost; each player's ratings are locked for the
 * transaction first (in one order, so two games never wait for each other in a circle).
 * SQLite needs none: its writers take turns.
 */
async function lockRatings(trx: Kysely<Database>, game: GameToRate): Promise<void> {
  const keys = game.participants.map((p) => `rating:${p.playerId}:${game.players}`).sort();
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

function storedRating(row: {
  player_id: string;
  player_count: number;
  mu: number;
  sigma: number;
  games: number;
}): StoredRating {
  return {
    playerId: row.player_id,
    players: row.player_count,
    mu: fromMicro(row.mu),
    sigma: fromMicro(row.sigma),
    games: row.games,
  };
}

export async function leaderboard(
  db: Kysely<Database>,
  players: number,
  limit: number,
): Promise<LeaderboardRow[]> {
  const rows = await db
    .selectFrom('ratings')
    .innerJoin('players', 'players.id', 'ratings.player_id')
    .leftJoin('accounts', 'accounts.player_id', 'ratings.player_id')
    .select([
      'ratings.player_id',
      'ratings.player_count',
      'ratings.mu',
      'ratings.sigma',
      'ratings.games',
      'players.name',
      'players.bot',
      'accounts.username',
    ])
    .where('ratings.player_count', '=', players)
    .orderBy(sql`ratings.mu - 3 * ratings.sigma`, 'desc')
    .orderBy('ratings.games', 'desc')
    .orderBy('ratings.player_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...storedRating(row),
    // Shown as tables show the player (the display name); a server bot by its level.
    name: botLevelOfPlayer(row.player_id) ?? row.name,
    username: row.username ?? null,
    botAccount: row.bot === 1,
  }));
}

export async function ratingsOf(db: Kysely<Database>, playerId: string): Promise<StoredRating[]> {
  const rows = await db
    .selectFrom('ratings')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('player_count')
    .execute();
  return rows.map(storedRating);
}

export async function historyOf(
  db: Kysely<Database>,
  playerId: string,
  players: number,
  limit: number,
): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom('rating_history')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('player_count', '=', players)
    .orderBy('at', 'desc')
    .orderBy('table_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    tableId: row.table_id,
    players: row.player_count,
    rank: row.rank,
    before: { mu: fromMicro(row.mu_before), sigma: fromMicro(row.sigma_before) },
    after: { mu: fromMicro(row.mu_after), sigma: fromMicro(row.sigma_after) },
    at: row.at,
  }));
}

export async function historyOfTable(
  db: Kysely<Database>,
  tableId: string,
): Promise<(HistoryRow & { playerId: string })[]> {
  const rows = await db
    .selectFrom('rating_history')
    .selectAll()
    .where('table_id', '=', tableId)
    .orderBy('rank')
    .orderBy('player_id')
    .execute();
  return rows.map((row) => ({
    playerId: row.player_id,
    tableId: row.table_id,
    players: row.player_count,
    rank: row.rank,
    before: { mu: fromMicro(row.mu_before), sigma: fromMicro(row.sigma_before) },
    after: { mu: fromMicro(row.mu_after), sigma: fromMicro(row.sigma_after) },
    at: row.at,
  }));
}

export async function unratedTables(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('tables')
    .select('tables.id')
    .where('tables.status', '=', 'finished')
    .where(({ not, exists, selectFrom, or }) =>
      not(
        or([
          exists(
            selectFrom('rating_history')
              .select('rating_history.table_id')
              .whereRef('rating_history.table_id', '=', 'tables.id'),
          ),
          // A person who was no account when the game ended: a guest's game is never rated.
          exists(
            selectFrom('table_players')
              .leftJoin('accounts', 'accounts.player_id', 'table_players.player_id')
              .select('table_players.table_id')
              .whereRef('table_players.table_id', '=', 'tables.id')
              .where((inner) =>
                inner.or([
                  inner('accounts.player_id', 'is', null),
                  inner('accounts.created_at', '>', inner.ref('tables.finished_at')),
                ]),
              ),
          ),
        ]),
      ),
    )
    .orderBy('tables.finished_at')
    .execute();
  return rows.map((row) => row.id);
}
