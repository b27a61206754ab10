/** Conversions between the store's rows and the database's columns (JSON in text columns). */
import type { Move } from '@gangsta/engine';
import type { TableOptions, TableStatus } from '@gangsta/protocol';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { clockFromColumn, clockToColumn } from './clocks.ts';
import type { ChatRow, MoveRow, StoredSeat, TableChange, TableRow } from './records.ts';
import type { ChatTable, MovesTable, TablesTable } from './schema.ts';

export function tableToColumns(table: TableRow): Insertable<TablesTable> {
  return {
    id: table.id,
    name: table.name,
    public: table.public ? 1 : 0,
    host_id: table.hostId,
    options: JSON.stringify(table.options),
    seats: JSON.stringify(table.seats),
    status: table.status,
    seed: table.seed,
    move_count: table.moveCount,
    revision: table.revision,
    created_at: table.createdAt,
    started_at: table.startedAt,
    finished_at: table.finishedAt,
    clock: clockToColumn(table.clock),
    allow_bots: table.allowBots ? 1 : 0,
  };
}

export function tableFromColumns(row: Selectable<TablesTable>): TableRow {
  return {
    id: row.id,
    name: row.name,
    public: row.public === 1,
    hostId: row.host_id,
    options: JSON.parse(row.options) as TableOptions,
    seats: JSON.parse(row.seats) as StoredSeat[],
    status: row.status as TableStatus,
    seed: row.seed === null ? null : Number(row.seed),
    moveCount: row.move_count,
    revision: row.revision,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    clock: clockFromColumn(row.clock),
    allowBots: row.allow_bots === 1,
  };
}

export function changeToColumns(change: TableChange): Updateable<TablesTable> {
  const columns: Updateable<TablesTable> = {};
  if (change.status !== undefined) columns.status = change.status;
  if (change.seats !== undefined) columns.seats = JSON.stringify(change.seats);
  if (change.seed !== undefined) columns.seed = change.seed;
  if (change.moveCount !== undefined) columns.move_count = change.moveCount;
  if (change.startedAt !== undefined) columns.started_at = change.startedAt;
  if (change.finishedAt !== undefined) columns.finished_at = change.finishedAt;
  if (change.clock !== undefined) columns.clock = clockToColumn(change.clock);
  return columns;
}

export function moveToColumns(row: MoveRow): Insertable<MovesTable> {
  return {
    table_id: row.tableId,
    seq: row.seq,
    seat: row.seat,
    kind: row.kind,
    move: row.move === null ? null : JSON.stringify(row.move),
    client_id: row.clientId,
    by_bot: row.byBot ? 1 : 0,
    at: row.at,
  };
}

/** Each table's fencing token in a batch (absent: the table's rows carry none). */
export type Tokens = ReadonlyMap<string, number>;

/** A move row's columns, with the token of the lease it was written under. */
export const rowColumns = (tokens: Tokens) => (row: MoveRow) => ({
  ...moveToColumns(row),
  fence: tokens.get(row.tableId) ?? null,
});

export function moveFromColumns(row: Selectable<MovesTable>): MoveRow {
  return {
    tableId: row.table_id,
    seq: row.seq,
    seat: row.seat,
    kind: row.kind === 'undo' ? 'undo' : 'move',
    move: row.move === null ? null : (JSON.parse(row.move) as Move),
    clientId: row.client_id,
    byBot: row.by_bot === 1,
    at: row.at,
  };
}

export function chatToColumns(line: ChatRow): Insertable<ChatTable> {
  return {
    table_id: line.tableId,
    seq: line.seq,
    player_id: line.playerId,
    name: line.name,
    seat: line.seat,
    text: line.text,
    at: line.at,
    notice: line.notice ? JSON.stringify(line.notice) : null,
  };
}

export function chatFromColumns(row: Selectable<ChatTable>): ChatRow {
  return {
    tableId: row.table_id,
    seq: row.seq,
    playerId: row.player_id,
    name: row.name,
    seat: row.seat,
    text: row.text,
    at: row.at,
    notice: row.notice === null ? null : (JSON.parse(row.notice) as NonNullable<ChatRow['notice']>),
  };
}
