/**
 * What a player's requests over HTTP ask of the tables (`http/`): the routes parse and
 * authenticate, then call one of these, which hands each request the parts it uses.
 */
import type { GameRecord } from '@gangsta/engine';
import type {
  HostTableInfo,
  JoinTable,
  Lobby,
  LobbyQuery,
  ParsedCreateTable,
  TableInfo,
} from '@gangsta/protocol';
import type { ModerationList } from '../store/moderation.ts';
import type { PlayerRow } from '../store/types.ts';
import type { TableContext } from './context.ts';
import { deleteTable } from './memory/expiry.ts';
import { tableOf } from './memory/registry.ts';
import type { Room } from './room.ts';
import {
  createTable,
  gameRecord,
  infoFor,
  joinTable,
  kickPlayer,
  leaveTable,
  lobby,
  renameSeated,
  startTable,
} from './seats/lifecycle.ts';
import { removeChatLine, reportChatLine, setListed } from './watchers/moderation.ts';

/** A table as the player who asked sees it, and their seat there (null: none). */
export interface SeatAnswer {
  table: TableInfo | HostTableInfo;
  seat: number | null;
}

export interface TableRequests {
  /** One page of the lobby. */
  lobby(query?: LobbyQuery): Promise<Lobby>;
  /** A table as the player (or a visitor) sees it. */
  look(id: string, player: PlayerRow | null): Promise<SeatAnswer>;
  create(host: PlayerRow, body: ParsedCreateTable): Promise<HostTableInfo>;
  /** The host deletes a waiting table; its id. */
  remove(host: PlayerRow, id: string): Promise<string>;
  join(player: PlayerRow, id: string, body: JoinTable): Promise<SeatAnswer>;
  leave(player: PlayerRow, id: string): Promise<SeatAnswer>;
  kick(host: PlayerRow, id: string, seat: number): Promise<SeatAnswer>;
  start(host: PlayerRow, id: string): Promise<SeatAnswer>;
  /** A finished game's record, for its players. */
  record(player: PlayerRow, id: string): Promise<GameRecord>;
  /** The player took a new name: their seats and connections say it. */
  renamed(player: PlayerRow): Promise<void>;
  /** Puts a player on (or takes them off) one of the player's lists. */
  setListed(player: PlayerRow, list: ModerationList, otherId: string, on: boolean): Promise<void>;
  reportChatLine(reporter: PlayerRow, id: string, seq: number): Promise<void>;
  /** The host removes a spectator's line, for everyone. */
  removeChatLine(host: PlayerRow, id: string, seq: number): Promise<void>;
}

function seated(room: Room, player: PlayerRow | null): SeatAnswer {
  return { table: infoFor(room, player), seat: room.seatOf(player?.id) };
}

/** What the requests hand on: the tables, the parts that change them, and their limits. */
type Requested = Pick<
  TableContext,
  | 'rooms'
  | 'store'
  | 'log'
  | 'time'
  | 'limits'
  | 'cluster'
  | 'seatWrites'
  | 'gameStart'
  | 'takeover'
>;

/** The requests on the tables the table service holds (`service.ts` builds it once). */
export function tableRequests(ctx: Requested): TableRequests {
  return {
    lobby: (query) => lobby(ctx, query),
    look: async (id, player) => {
      const room = await tableOf(ctx, id);
      const answer = seated(room, player);
      ctx.rooms.release(room);
      return answer;
    },
    create: (host, body) => createTable(ctx, host, body),
    remove: async (host, id) => {
      const room = await tableOf(ctx, id);
      await deleteTable(ctx, host, room);
      return room.id;
    },
    join: async (player, id, body) => {
      const { room, seat } = await joinTable(ctx, player, id, body);
      return { table: infoFor(room, player), seat };
    },
    // A game in play keeps the seat its player's (a bot plays it until they come back).
    leave: async (player, id) => seated(await leaveTable(ctx, player, id), player),
    kick: async (host, id, seat) => seated(await kickPlayer(ctx, host, id, seat), host),
    start: async (host, id) => seated(await startTable(ctx, host, id), host),
    record: (player, id) => gameRecord(ctx, player, id),
    renamed: (player) => renameSeated(ctx, player),
    setListed: (player, list, otherId, on) => setListed(ctx, player, list, otherId, on),
    reportChatLine: (reporter, id, seq) => reportChatLine(ctx, reporter, id, seq),
    removeChatLine: (host, id, seq) => removeChatLine(ctx, host, id, seq),
  };
}
