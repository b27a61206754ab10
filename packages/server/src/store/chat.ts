/**
 * Table chat in the store: one row per line, numbered per table (`chat`, key `(table, seq)`).
 * Reading the last lines is part of loading a table (`TableStore.loadTable`); writing one is
 * its own feature, since processes of a cluster may take the same number at once.
 */
import type { Kysely } from 'kysely';
import type { ChatRow } from './records.ts';
import { chatToColumns } from './rows.ts';
import type { Database } from './schema.ts';

/** `appended`; `duplicate`: the table already has a line numbered `seq` (another process's). */
export type ChatAppend = 'appended' | 'duplicate';

export interface ChatStore {
  appendChat(line: ChatRow): Promise<ChatAppend>;
}

export async function appendChat(db: Kysely<Database>, line: ChatRow): Promise<ChatAppend> {
  // A taken number is an answer, never a failed statement (which would abort a PostgreSQL
  // transaction or the SQLite thread's group commit).
  const written = await db
    .insertInto('chat')
    .values(chatToColumns(line))
    .onConflict((oc) => oc.columns(['table_id', 'seq']).doNothing())
    .returning('seq')
    .execute();
  return written.length > 0 ? 'appended' : 'duplicate';
}
