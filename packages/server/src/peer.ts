/** One live connection as the tables see it: who it is, and a way to send it frames. */
import type { ClientMessage, ServerMessage } from '@gangsta/protocol';
import type { PlayerRow } from './store/types.ts';

/** Who a connection is, as the tables need it (a relayed connection carries no more). */
export type PeerPlayer = Pick<PlayerRow, 'id' | 'name'>;

export interface Peer {
  readonly id: number;
  /** The player who said hello with a valid token; null for an anonymous spectator. */
  player: PeerPlayer | null;
  /** Tables this connection watches. */
  readonly tables: Set<string>;
  /**
   * The players this connection's player blocked: their chat is not sent here. Read from the
   * store at the first watch (`moderation.ts`), kept up to date when the player changes it.
   */
  blocked?: Set<string>;
  send(message: ServerMessage): void;
  /**
   * Sends a frame already encoded (`encodeMessage`): a frame that several watchers receive
   * alike (every spectator's update) is built and serialised once for all of them.
   */
  sendText(text: string): void;
  /**
   * Takes one of the connection's full syncs (`SYNCS_PER_MINUTE`): 0 when it may have one
   * now, otherwise the milliseconds until it may.
   */
  takeSync(): number;
}

/** A socket of this process (`ws/connection.ts`), as the cluster's relay sees it. */
export interface LocalPeer extends Peer {
  /**
   * Handles the message again, after the ones queued (the relay sends a watch and the moves
   * still unanswered again when their table's owner is gone).
   */
  replay(message: Exclude<ClientMessage, { type: 'hello' }>): void;
}

/** Whether the connection is a socket of this process (not one relayed from another). */
export function isLocal(peer: Peer): peer is LocalPeer {
  return 'replay' in peer;
}

let lastPeerId = 0;

/** A fresh id for a connection of this process (local or relayed). */
export function nextPeerId(): number {
  return ++lastPeerId;
}
