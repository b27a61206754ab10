/** Rows for store tests: a playing 2-player table of Ann (player `p1`) and an easy bot. */
import { tableOptionsSchema } from '@gangsta/protocol';
import type { TableRow } from '../../src/store/types.ts';

export function playingTable(id: string): TableRow {
  return {
    id,
    name: id,
    public: true,
    hostId: 'p1',
    // The protocol's defaults: every variant and table option off.
    options: tableOptionsSchema.parse({ players: 2 }),
    seats: [
      { setup: 'host', invite: null, label: null, botLevel: null, playerId: 'p1', name: 'Ann' },
      { setup: 'bot', invite: null, label: null, botLevel: 'easy', playerId: null, name: null },
    ],
    status: 'playing',
    seed: 7,
    moveCount: 0,
    revision: 0,
    createdAt: 'now',
    startedAt: 'now',
    finishedAt: null,
  } as TableRow;
}
