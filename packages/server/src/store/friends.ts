/**
 * Friends and challenges in the store: who follows whom (`follows`), when players were last
 * seen (`players.last_seen_at`), and the challenges waiting for an answer (`challenges`, one
 * row per challenge table; the table itself is an ordinary waiting table with a kept seat).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A followed account with what the friends list shows of it. */
export interface FollowedRow {
  id: string;
  name: string;
  username: string;
  bot: boolean;
  lastSeenAt: string | null;
}

export interface ChallengeRow {
  tableId: string;
  fromId: string;
  toId: string;
  seat: number;
  createdAt: string;
}

export interface FriendStore {
  /** `follower` follows `followed` from now on (following twice is following once). */
  follow(followerId: string, followedId: string, atIso: string): Promise<void>;
  unfollow(followerId: string, followedId: string): Promise<void>;
  /** The accounts the player follows (at most `limit`). */
  following(followerId: string, limit: number): Promise<FollowedRow[]>;
  /** Marks the players seen at `atIso`. */
  markSeen(playerIds: string[], atIso: string): Promise<void>;
  createChallenge(challenge: ChallengeRow): Promise<void>;
  challengeOf(tableId: string): Promise<ChallengeRow | undefined>;
  /** The challenges to the player whose table still waits, oldest first. */
  challengesTo(playerId: string): Promise<ChallengeRow[]>;
  deleteChallenge(tableId: string): Promise<void>;
}

export async function follow(
  db: Kysely<Database>,
  followerId: string,
  followedId: string,
  atIso: string,
): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, followed_id: followedId, created_at: atIso })
    .onConflict((oc) => oc.columns(['follower_id', 'followed_id']).doNothing())
    .execute();
}

export async function unfollow(
  db: Kysely<Database>,
  followerId: string,
  followedId: string,
): Promise<void> {
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followed_id', '=', followedId)
    .execute();
}

export async function following(
  db: Kysely<Database>,
  followerId: string,
  limit: number,
): Promise<FollowedRow[]> {
  const rows = await db
    .selectFrom('follows')
    .innerJoin('players', 'players.id', 'follows.followed_id')
    .innerJoin('accounts', 'accounts.player_id', 'follows.followed_id')
    .select(['players.id', 'players.name', 'players.bot', 'players.last_seen_at'])
    .select('accounts.username')
    .where('follows.follower_id', '=', followerId)
    .orderBy('follows.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    username: row.username,
    bot: row.bot === 1,
    lastSeenAt: row.last_seen_at,
  }));
}

export async function markSeen(
  db: Kysely<Database>,
  playerIds: string[],
  atIso: string,
): Promise<void> {
  if (playerIds.length === 0) return;
  await db
    .updateTable('players')
    .set({ last_seen_at: atIso })
    .where('id', 'in', playerIds)
    .execute();
}

export async function createChallenge(db: Kysely<Database>, c: ChallengeRow): Promise<void> {
  await db
    .insertInto('challenges')
    .values({
      table_id: c.tableId,
      from_id: c.fromId,
      to_id: c.toId,
      seat: c.seat,
      created_at: c.createdAt,
    })
    .execute();
}

type ChallengeColumns = {
  table_id: string;
  from_id: string;
  to_id: string;
  seat: number;
  created_at: string;
};

function challengeFromColumns(row: ChallengeColumns): ChallengeRow {
  return {
    tableId: row.table_id,
    fromId: row.from_id,
    toId: row.to_id,
    seat: row.seat,
    createdAt: row.created_at,
  };
}

export async function challengeOf(
  db: Kysely<Database>,
  tableId: string,
): Promise<ChallengeRow | undefined> {
  const row = await db
    .selectFrom('challenges')
    .selectAll()
    .where('table_id', '=', tableId)
    .executeTakeFirst();
  return row ? challengeFromColumns(row) : undefined;
}

export async function challengesTo(
  db: Kysely<Database>,
  playerId: string,
): Promise<ChallengeRow[]> {
  const rows = await db
    .selectFrom('challenges')
    .innerJoin('tables', 'tables.id', 'challenges.table_id')
    .selectAll('challenges')
    .where('challenges.to_id', '=', playerId)
    .where('tables.status', '=', 'waiting')
    .orderBy('challenges.created_at')
    .limit(100)
    .execute();
  return rows.map(challengeFromColumns);
}

export async function deleteChallenge(db: Kysely<Database>, tableId: string): Promise<void> {
  await db.deleteFrom('challenges').where('table_id', '=', tableId).execute();
}
