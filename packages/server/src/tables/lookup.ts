/**
 * Finding a table's room by its id. Its own module because nearly every table operation
 * starts here (lifecycle, chat, watch, rematch, the routes and the socket): kept apart from
 * those, it lets them import it without importing each other.
 */
import { refuse } from '../refusal.ts';
import type { TableContext } from './context.ts';
import type { Room } from './room.ts';

/** The table's room (loaded from the store if it is asleep), or UNKNOWN_TABLE. */
export async function tableOf(ctx: TableContext, id: string): Promise<Room> {
  const room = await ctx.rooms.get(id);
  if (!room) refuse('UNKNOWN_TABLE', `no table has the id ${id}`, { table: id });
  return room;
}
