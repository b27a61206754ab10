/**
 * The players' webhooks in the store: at most one address per player (`webhooks`, migration
 * 0003). Setting one replaces the last, so no write here can meet a duplicate.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface WebhookStore {
  /** The player's address from now on; null: none. */
  setWebhook(playerId: string, url: string | null, atIso: string): Promise<void>;
  webhookOf(playerId: string): Promise<string | null>;
  /** The webhooks of those of these players who have one: `[playerId, url]` pairs. */
  webhooksOf(playerIds: string[]): Promise<[string, string][]>;
}

export async function setWebhook(
  db: Kysely<Database>,
  playerId: string,
  url: string | null,
  atIso: string,
): Promise<void> {
  if (url === null) {
    await db.deleteFrom('webhooks').where('player_id', '=', playerId).execute();
    return;
  }
  await db
    .insertInto('webhooks')
    .values({ player_id: playerId, url, updated_at: atIso })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ url, updated_at: atIso }))
    .execute();
}

export async function webhookOf(db: Kysely<Database>, playerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('webhooks')
    .select('url')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row?.url ?? null;
}

export async function webhooksOf(
  db: Kysely<Database>,
  playerIds: string[],
): Promise<[string, string][]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhooks')
    .select(['player_id', 'url'])
    .where('player_id', 'in', playerIds)
    .execute();
  return rows.map((row) => [row.player_id, row.url]);
}
