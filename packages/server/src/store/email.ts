/**
 * Email notifications in the store: each account's address, whether it was verified, and what
 * it opted in to (`emails`); when a player was last mailed about a table, per kind of mail
 * (`email_sent`), so that "your turn" goes out at most once per table and hour on any process.
 */
import type { EmailOptIns } from '@gangsta/protocol';
import type { Kysely } from 'kysely';
import { atomically } from './ratings.ts';
import type { Database } from './schema.ts';

export interface EmailRow extends EmailOptIns {
  playerId: string;
  address: string;
  verifiedAt: string | null;
}

export interface EmailStore {
  emailOf(playerId: string): Promise<EmailRow | undefined>;
  /**
   * The player's address and opt-ins; a changed address is unverified again (the same one
   * keeps its state). null removes it.
   */
  setEmail(
    playerId: string,
    email: Omit<EmailRow, 'playerId' | 'verifiedAt'> | null,
    atIso: string,
  ): Promise<void>;
  /** Marks the address verified if it is still the player's; false when it is not. */
  verifyEmail(playerId: string, address: string, atIso: string): Promise<boolean>;
  /** Turns every opt-in off (the unsubscribe link). */
  unsubscribeEmail(playerId: string, atIso: string): Promise<void>;
  /**
   * Claims the right to mail the player about the table now: true (and recorded) when no mail
   * of this kind about it went out since `sinceIso`; false otherwise. Decided in one transaction.
   */
  claimMail(
    playerId: string,
    tableId: string,
    kind: string,
    sinceIso: string,
    atIso: string,
  ): Promise<boolean>;
}

type EmailColumns = {
  player_id: string;
  address: string;
  verified_at: string | null;
  your_turn: number;
  invitations: number;
  rematches: number;
};

function emailFromColumns(row: EmailColumns): EmailRow {
  return {
    playerId: row.player_id,
    address: row.address,
    verifiedAt: row.verified_at,
    yourTurn: row.your_turn === 1,
    invitations: row.invitations === 1,
    rematches: row.rematches === 1,
  };
}

export async function emailOf(
  db: Kysely<Database>,
  playerId: string,
): Promise<EmailRow | undefined> {
  const row = await db
    .selectFrom('emails')
    .selectAll()
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row ? emailFromColumns(row) : undefined;
}

export async function setEmail(
  db: Kysely<Database>,
  playerId: string,
  email: Omit<EmailRow, 'playerId' | 'verifiedAt'> | null,
  atIso: string,
): Promise<void> {
  if (email === null) {
    await db.deleteFrom('emails').where('player_id', '=', playerId).execute();
    return;
  }
  await atomically(db, async (trx) => {
    const before = await emailOf(trx, playerId);
    const verifiedAt = before?.address === email.address ? before.verifiedAt : null;
    const columns = {
      address: email.address,
      verified_at: verifiedAt,
      your_turn: email.yourTurn ? 1 : 0,
      invitations: email.invitations ? 1 : 0,
      rematches: email.rematches ? 1 : 0,
      updated_at: atIso,
    };
    await trx
      .insertInto('emails')
      .values({ player_id: playerId, ...columns })
      .onConflict((oc) => oc.column('player_id').doUpdateSet(columns))
      .execute();
  });
}

export async function verifyEmail(
  db: Kysely<Database>,
  playerId: string,
  address: string,
  atIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('emails')
    .set({ verified_at: atIso, updated_at: atIso })
    .where('player_id', '=', playerId)
    .where('address', '=', address)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function unsubscribeEmail(
  db: Kysely<Database>,
  playerId: string,
  atIso: string,
): Promise<void> {
  await db
    .updateTable('emails')
    .set({ your_turn: 0, invitations: 0, rematches: 0, updated_at: atIso })
    .where('player_id', '=', playerId)
    .execute();
}

export async function claimMail(
  db: Kysely<Database>,
  playerId: string,
  tableId: string,
  kind: string,
  sinceIso: string,
  atIso: string,
): Promise<boolean> {
  // One statement: a row is written (new, or last sent at or before `sinceIso`) or nothing is,
  // so two processes mailing the same turn at once cannot both win.
  const result = await db
    .insertInto('email_sent')
    .values({ player_id: playerId, table_id: tableId, kind, sent_at: atIso })
    .onConflict((oc) =>
      oc
        .columns(['player_id', 'table_id', 'kind'])
        .doUpdateSet({ sent_at: atIso })
        .where('email_sent.sent_at', '<=', sinceIso),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
