/** What the table services share: the store, the tables in memory, the commit queue, logs. */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { TokenBucket } from '../rateLimit.ts';
import type { Store } from '../store/types.ts';
import type { CommitQueue } from './commits.ts';
import type { Rooms } from './registry.ts';
import type { Room } from './room.ts';

export interface TableContext {
  store: Store;
  rooms: Rooms;
  commits: CommitQueue;
  log: Logger;
  /** Chat rate limits, per player. */
  chatBuckets: Map<string, TokenBucket>;
  /** Tells the bots of a table to look whether one of them must move. */
  wakeBots(room: Room): void;
}
