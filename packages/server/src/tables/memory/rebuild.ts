/** A table rebuilt from the store: its row, its move log replayed, its recent chat. */
import { type Move, replay } from '@gangsta/engine';
import { gameOptionsOf } from '../../gameOptions.ts';
import type { LoadedTable } from '../../store/types.ts';
import { type Position, recentEvents, recordOf } from '../game/position.ts';
import { keyOfRow, Room } from '../room.ts';

export function roomFromStore(loaded: LoadedTable): Room {
  const room = new Room(loaded.table);
  for (const row of loaded.chat) room.addChat(row);
  for (const row of loaded.moves) {
    room.moveSettled(row.seat, row.clientId, keyOfRow(row), row.seq);
  }
  if (loaded.table.status !== 'waiting' && loaded.table.seed !== null) {
    const position = positionFromLog(loaded);
    room.resetTo(position);
  }
  return room;
}

/** Replays the moves in effect (an undo removes the move before it) in one pass. */
function positionFromLog(loaded: LoadedTable): Position {
  const moves: Move[] = [];
  const byBot: boolean[] = [];
  let undoneAt = 0;
  for (const row of loaded.moves) {
    if (row.kind === 'undo') {
      moves.pop();
      byBot.pop();
      undoneAt = row.seq;
    } else if (row.move) {
      moves.push(row.move);
      byBot.push(row.byBot);
    }
  }
  const options = gameOptionsOf(loaded.table.options, loaded.table.seed ?? 0);
  const replayed = replay(recordOf(options, moves));
  if (!replayed.ok) {
    throw new Error(`table ${loaded.table.id} does not replay: ${replayed.error.message}`);
  }
  return {
    state: replayed.state,
    moves,
    ...recentEvents(replayed.events, 0),
    byBot,
    version: loaded.moves.length,
    undoneAt,
  };
}
