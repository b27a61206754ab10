/**
 * Players in the store: a guest's name and the SHA-256 of its token. Accounts, which a player
 * may become, are `accounts.ts`.
 */
import type { Kysely, Selectable } from 'kysely';
import type { PlayerRow } from './records.ts';
import type { Database, PlayersTable } from './schema.ts';

export interface PlayerStore {
  /**
   * A new player. Its id and token are fresh random values (128 and 256 bits), so no other
   * writer can have taken them: a clash would be a broken generator, and fails as an error.
   */
  createPlayer(player: PlayerRow): Promise<void>;
  findPlayerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  playerById(id: string): Promise<PlayerRow | undefined>;
  renamePlayer(id: string, name: string): Promise<void>;
}

export function playerFromColumns(row: Selectable<PlayersTable>): PlayerRow {
  const player: PlayerRow = {
    id: row.id,
    name: row.name,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
  };
  return row.bot === 1 ? { ...player, bot: true } : player;
}

export async function createPlayer(db: Kysely<Database>, player: PlayerRow): Promise<void> {
  await db
    .insertInto('players')
    .values({
      id: player.id,
      name: player.name,
      token_hash: player.tokenHash,
      created_at: player.createdAt,
    })
    .execute();
}

export async function findPlayerByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PlayerRow | undefined> {
  const row = await db
    .selectFrom('players')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? playerFromColumns(row) : undefined;
}

export async function playerById(db: Kysely<Database>, id: string): Promise<PlayerRow | undefined> {
  const row = await db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? playerFromColumns(row) : undefined;
}

export async function renamePlayer(db: Kysely<Database>, id: string, name: string): Promise<void> {
  await db.updateTable('players').set({ name }).where('id', '=', id).execute();
}
