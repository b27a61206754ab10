/**
 * A finished table's rematch as its watchers are told it (`TableInfo.rematch`). Kept apart
 * from `rematch.ts` so that loading tables needs nothing of the table lifecycle.
 */
import type { Store } from '../store/types.ts';
import type { Room } from './room.ts';

/**
 * A finished table read from the store learns its rematch (made before, or by another
 * process); returns whether it changed.
 */
export async function refreshRematch(store: Store, room: Room): Promise<boolean> {
  if (room.table.status !== 'finished') return false;
  const rematch = await store.rematchOf(room.id);
  if (rematch === null || room.rematch?.table === rematch.table) return false;
  room.rematch = rematch;
  return true;
}
