/**
 * The client move ids a table has answered, so that a resent id gets its first answer again
 * (an ack with its version, or DUPLICATE_ID when it came with another move) and is never
 * played twice.
 *
 * Why not every id in full: a settled id held as a map entry costs about 190 bytes, so a game
 * of 150 moves held 29 KB of ids alone, more than its game state. A client resends its
 * unanswered moves right after it reconnects, so the ids of the last `IDS_KEPT` versions are
 * kept whole and answer at once. Older ones are kept only as a 31-bit hash, 8 bytes each: an id
 * whose hash is not there is certainly new; one whose hash is there is looked up in the store,
 * which has every move's id (`TableStore.answeredMove`). So the answer is exact either way, and
 * only a resend from long ago (or a hash collision, one in two billion) costs a query.
 */
import type { Seat } from '@gangsta/engine';
import type { Peer } from '../../peer.ts';

/**
 * What a client move id was used for, and its answer once committed. A settled one is as small
 * as it can be: no set of waiters.
 */
export type SentMove =
  | {
      /** `moveKey` of the move, or "undo". */
      key: string;
      /** Its commit is under way. */
      version: null;
      /** Connections waiting for the acknowledgement (added to by `AnsweredIds.awaitAck`). */
      waiters: ReadonlySet<Peer>;
    }
  | {
      key: string;
      /** The version after it. */
      version: number;
      waiters?: undefined;
    };

/** A `SentMove` as kept here, where its waiters are added to. */
type KeptMove =
  | { key: string; version: null; waiters: Set<Peer> }
  | { key: string; version: number; waiters?: undefined };

/** Settled ids kept whole: those of the last this many versions. */
export const IDS_KEPT = 8;

/** An id answered long ago, perhaps: ask the store (see the module's comment). */
export const ASK_THE_STORE = 'ask the store';

function idKey(seat: Seat, clientId: string): string {
  return `${seat}\u0000${clientId}`;
}

/** FNV-1a of the id, cut to 31 bits so that an array of them stays an array of small integers. */
function idHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 1;
}

/** What the ids tell, without changing them: what a table lets others read (`Room.answered`). */
export type AnsweredView = Pick<AnsweredIds, 'get' | 'kept'>;

export class AnsweredIds {
  /** Ids being committed, and settled ones of the last `IDS_KEPT` versions, by `idKey`. */
  private readonly recent = new Map<string, KeptMove>();
  /** Hashes of the older settled ids. */
  private readonly older: number[] = [];

  /** What the id was used for: known here, perhaps answered long ago (`ASK_THE_STORE`), or new. */
  get(seat: Seat, clientId: string): SentMove | typeof ASK_THE_STORE | undefined {
    const key = idKey(seat, clientId);
    const sent = this.recent.get(key);
    if (sent) return sent;
    return this.older.includes(idHash(key)) ? ASK_THE_STORE : undefined;
  }

  /** The id if it is kept whole (being committed, or settled lately). */
  kept(seat: Seat, clientId: string): SentMove | undefined {
    return this.recent.get(idKey(seat, clientId));
  }

  /** The id's move is being committed; `waiter` hears the ack. */
  committing(seat: Seat, clientId: string, key: string, waiter: Peer | null): void {
    this.recent.set(idKey(seat, clientId), {
      key,
      version: null,
      waiters: new Set(waiter ? [waiter] : []),
    });
  }

  /**
   * `waiter` hears the ack of the id's move too, if that move is being committed; returns
   * whether it will.
   */
  awaitAck(seat: Seat, clientId: string, waiter: Peer): boolean {
    const sent = this.recent.get(idKey(seat, clientId));
    if (sent?.version !== null) return false;
    sent.waiters.add(waiter);
    return true;
  }

  /**
   * The id's move is stored with this version; returns what the id was before (being committed
   * here, with its waiters, or nothing). Ids older than `IDS_KEPT` versions become hashes.
   */
  settle(seat: Seat, clientId: string, key: string, version: number): SentMove | undefined {
    const id = idKey(seat, clientId);
    const before = this.recent.get(id);
    this.recent.set(id, { key, version });
    for (const [other, sent] of this.recent) {
      if (sent.version !== null && sent.version <= version - IDS_KEPT) {
        this.recent.delete(other);
        this.older.push(idHash(other));
      }
    }
    return before;
  }

  /** Forgets an id whose move was not stored; returns it (with its waiters) if it was known. */
  forget(seat: Seat, clientId: string): SentMove | undefined {
    const id = idKey(seat, clientId);
    const sent = this.recent.get(id);
    this.recent.delete(id);
    return sent;
  }
}
