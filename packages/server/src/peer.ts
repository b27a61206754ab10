/** One live connection as the tables see it: who it is, and a way to send it frames. */
import type { ServerMessage } from '@gangsta/protocol';
import type { PlayerRow } from './store/types.ts';

export interface Peer {
  readonly id: number;
  /** The player who said hello with a valid token; null for an anonymous spectator. */
  player: PlayerRow | null;
  /** Tables this connection watches. */
  readonly tables: Set<string>;
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
