/**
 * Moderation in the store (migration 0008): mutes and blocks, one row per pair (`player_id`
 * muted or blocked `other_id`); chat reports with the lines they were written among; and the
 * removal of a chat line by its table's host.
 */
import type { Kysely } from 'kysely';
import type { ChatRow } from './records.ts';
import { chatFromColumns } from './rows.ts';
import type { Database } from './schema.ts';

export type ModerationList = 'mutes' | 'blocks';

/** A reported chat line, with the lines before it as they were stored. */
export interface ChatReportRow {
  id: string;
  tableId: string;
  seq: number;
  reporterId: string;
  reportedId: string;
  /** The reported line last, after up to `REPORT_CONTEXT` lines before it. */
  lines: ChatRow[];
  createdAt: string;
}

/** Lines stored with a report before the reported one. */
export const REPORT_CONTEXT = 10;

export interface ModerationStore {
  /** Adds (`on`) or removes a player from one of the player's lists. */
  setListed(
    list: ModerationList,
    playerId: string,
    otherId: string,
    on: boolean,
    at: string,
  ): Promise<void>;
  /** The players on the player's list, with their names, oldest first. */
  listOf(list: ModerationList, playerId: string): Promise<{ id: string; name: string }[]>;
  /** Of these players, those who blocked `otherId`. */
  blockersAmong(playerIds: string[], otherId: string): Promise<string[]>;
  /** The line and the ones before it, or undefined when the table has no such line. */
  chatContext(tableId: string, seq: number, before: number): Promise<ChatRow[] | undefined>;
  /** `added`, or `duplicate` when this reporter already reported this line. */
  addChatReport(report: ChatReportRow): Promise<'added' | 'duplicate'>;
  /** The newest reports first. */
  chatReports(limit: number): Promise<ChatReportRow[]>;
  /** Marks the line removed; false when there is no such line (or it already was). */
  removeChatLine(tableId: string, seq: number, at: string): Promise<boolean>;
}

export async function setListed(
  db: Kysely<Database>,
  list: ModerationList,
  playerId: string,
  otherId: string,
  on: boolean,
  at: string,
): Promise<void> {
  if (on) {
    await db
      .insertInto(list)
      .values({ player_id: playerId, other_id: otherId, created_at: at })
      .onConflict((oc) => oc.columns(['player_id', 'other_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom(list)
      .where('player_id', '=', playerId)
      .where('other_id', '=', otherId)
      .execute();
  }
}

export async function listOf(
  db: Kysely<Database>,
  list: ModerationList,
  playerId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom(list)
    .innerJoin('players', 'players.id', `${list}.other_id`)
    .select(['players.id as id', 'players.name as name'])
    .where(`${list}.player_id`, '=', playerId)
    .orderBy(`${list}.created_at`)
    .execute();
}

export async function blockersAmong(
  db: Kysely<Database>,
  playerIds: string[],
  otherId: string,
): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('blocks')
    .select('player_id')
    .where('other_id', '=', otherId)
    .where('player_id', 'in', playerIds)
    .execute();
  return rows.map((row) => row.player_id);
}

export async function chatContext(
  db: Kysely<Database>,
  tableId: string,
  seq: number,
  before: number,
): Promise<ChatRow[] | undefined> {
  const rows = await db
    .selectFrom('chat')
    .selectAll()
    .where('table_id', '=', tableId)
    .where('seq', '<=', seq)
    .orderBy('seq', 'desc')
    .limit(before + 1)
    .execute();
  if (rows[0]?.seq !== seq) return undefined;
  return rows.reverse().map(chatFromColumns);
}

export async function addChatReport(
  db: Kysely<Database>,
  report: ChatReportRow,
): Promise<'added' | 'duplicate'> {
  const written = await db
    .insertInto('chat_reports')
    .values({
      id: report.id,
      table_id: report.tableId,
      seq: report.seq,
      reporter_id: report.reporterId,
      reported_id: report.reportedId,
      lines: JSON.stringify(report.lines),
      created_at: report.createdAt,
    })
    .onConflict((oc) => oc.columns(['table_id', 'seq', 'reporter_id']).doNothing())
    .returning('id')
    .execute();
  return written.length > 0 ? 'added' : 'duplicate';
}

export async function chatReports(db: Kysely<Database>, limit: number): Promise<ChatReportRow[]> {
  const rows = await db
    .selectFrom('chat_reports')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tableId: row.table_id,
    seq: row.seq,
    reporterId: row.reporter_id,
    reportedId: row.reported_id,
    lines: JSON.parse(row.lines) as ChatRow[],
    createdAt: row.created_at,
  }));
}

export async function removeChatLine(
  db: Kysely<Database>,
  tableId: string,
  seq: number,
  at: string,
): Promise<boolean> {
  const changed = await db
    .updateTable('chat')
    .set({ removed_at: at })
    .where('table_id', '=', tableId)
    .where('seq', '=', seq)
    .where('removed_at', 'is', null)
    .returning('seq')
    .execute();
  return changed.length > 0;
}
