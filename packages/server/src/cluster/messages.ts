/** What the processes of a cluster tell each other on Redis (JSON). */
import type { PeerPlayer } from '../peer.ts';
import type { ChatRow, MoveRow, TableChange } from '../store/types.ts';
import type { TableMessage } from '../tables/context.ts';

/** A frame of a table's owner for a connection of the process that relays it. */
export interface RelayedFrame {
  /** The connection's id on the relaying process. */
  peer: number;
  text: string;
  /** The move or undo this frame answers (`ack`, `rejected`): the relay stops keeping it. */
  settles?: { table: string; id: string };
}

/** Said to every process (one channel). */
export type BroadcastMessage =
  /** Rows of a table's log this process committed, with the row changes written with them. */
  | { kind: 'moves'; table: string; rows: MoveRow[]; changes: TableChange[] }
  /** A table's row changed in the store: read it again. */
  | { kind: 'table'; table: string }
  | { kind: 'chat'; table: string; row: ChatRow }
  /** The table's host removed this chat line (`tables/watchers/moderation.ts`). */
  | { kind: 'chatRemoved'; table: string; seq: number }
  /** A player blocked another, or took the block back (`tables/watchers/moderation.ts`). */
  | { kind: 'blockChanged'; player: string; other: string; on: boolean }
  /** A player took a new name (`tables/seats/lifecycle.ts`, `renameSeated`). */
  | { kind: 'playerRenamed'; player: string; name: string }
  /** A seated player's connections to a table here went from none to some, or back. */
  | { kind: 'presence'; table: string; player: string; connected: boolean }
  /** Everyone connected here, now (sent regularly: a process that stops sending is gone). */
  | { kind: 'presenceAll'; entries: string[] }
  /** The sender gave up these tables' leases (it is stopping): take them now. */
  | { kind: 'released'; tables: string[] }
  /** The sender lives (sent every `ALIVE_EVERY_MS`, `liveness.ts`). */
  | { kind: 'alive' };

/** Said to one process (on its own channel): connections relayed to a table's owner. */
export type DirectMessage =
  /** A message of one of the sender's connections, for a table the receiver owns. */
  | { kind: 'client'; peer: number; player: PeerPlayer | null; message: TableMessage }
  /** One of the sender's connections closed. */
  | { kind: 'gone'; peer: number }
  /** Frames for the receiver's connections, from the owner of their tables. */
  | { kind: 'frames'; frames: RelayedFrame[] }
  /**
   * The sender had taken the receiver for dead and dropped its relayed connections: the
   * receiver sends their tables' watches and waiting moves again.
   */
  | { kind: 'forgot' };

export type BusMessage = BroadcastMessage | DirectMessage;

/**
 * A message on the wire: `<from>\n<table>\n<message JSON>`. The sender, and the table for
 * messages that only matter to a process holding that table in memory, come first as plain
 * text, so a process drops its own messages and other tables' moves without parsing their
 * JSON: every process hears every table's moves, and with one owner per table almost none
 * concern it.
 */
export interface Envelope {
  /** The sending process. */
  from: string;
  /** The table whose copy in memory is the message's only concern, or null. */
  table: string | null;
  /** The message's JSON, parsed only when the message concerns this process. */
  body: string;
}

/** The table a message concerns alone: news for copies of it in memory, and nothing else. */
function onlyForCopiesOf(message: BusMessage): string | null {
  switch (message.kind) {
    case 'moves':
    case 'table':
    case 'chat':
    case 'chatRemoved':
      return message.table;
    default:
      return null;
  }
}

export function writeEnvelope(from: string, message: BusMessage): string {
  return `${from}\n${onlyForCopiesOf(message) ?? ''}\n${JSON.stringify(message)}`;
}

/** The envelope of a text heard on Redis, or null when it is not one. */
export function readEnvelope(text: string): Envelope | null {
  const first = text.indexOf('\n');
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  if (second < 0) return null;
  const table = text.slice(first + 1, second);
  return {
    from: text.slice(0, first),
    table: table === '' ? null : table,
    body: text.slice(second + 1),
  };
}

/** The message of an envelope, or null when its JSON is broken (a message lost is safe). */
export function openEnvelope(envelope: Envelope): BusMessage | null {
  try {
    return JSON.parse(envelope.body) as BusMessage;
  } catch {
    return null;
  }
}

/**
 * The names a cluster uses in Redis, all under one prefix (`REDIS_PREFIX`, by default
 * `gangsta`). The processes of one cluster share it; two clusters on one Redis (a staging and
 * a live one, or test runs side by side) must not, or they would hear each other's moves and
 * contend for each other's leases.
 */
export interface RedisNames {
  /** The channel every process of the cluster listens to. */
  readonly cluster: string;
  /** The channel of messages for one process alone. */
  process(processId: string): string;
  /** The key of a table's lease. */
  lease(table: string): string;
}

export function redisNames(prefix: string): RedisNames {
  return {
    cluster: `${prefix}:cluster`,
    process: (processId) => `${prefix}:process:${processId}`,
    lease: (table) => `${prefix}:runner:${table}`,
  };
}
